// The mask editor's second row (offscreen): document ids and the prefix length as undoable edits
// whose visibility is checked cell by cell against the rule written out by hand, tokens added and
// removed keep the document ids aligned, and a cell hidden by its document can be shown again.
#include "core/mask.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/mask/maskcontrols.h"
#include "ui/views/mask/maskeditorview.h"
#include "ui/views/mask/maskedits.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

using attn::Scenario;
using attn::doc::ScenarioDocument;
using attn::ui::MaskControls;
using attn::ui::MaskEditorView;

namespace {

/// n tokens t0 … t(n−1), every q and k = [1, 0] (equal logits), V = position.
Scenario tokens(int n)
{
    Scenario s;
    s.query = attn::Matrix::Constant(n, 2, 0.0);
    s.query.col(0).setOnes();
    s.key = s.query;
    s.value = attn::Matrix(n, 1);
    for (int i = 0; i < n; ++i) {
        s.value(i, 0) = i;
        s.query_tokens.push_back("t" + std::to_string(i));
        s.key_tokens.push_back("t" + std::to_string(i));
    }
    return s;
}

attn::BoolMatrix visibleOf(const ScenarioDocument &document)
{
    return document.trace().heads.at(0).visible;
}

} // namespace

class TestMaskDocuments : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void documentIdsWithCausal();
    void typedIdsAndBadText();
    void prefixLengthByHand();
    void tokensKeepTheirDocuments();
    void showingACellHiddenByItsDocument();
};

void TestMaskDocuments::documentIdsWithCausal()
{
    Scenario s = tokens(5);
    s.mask.causal = true;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    QVERIFY(view.setDocumentIds({0, 0, 0, 1, 1}, {0, 0, 0, 1, 1}));
    QCOMPARE(document.scenario().mask.document_ids, (std::vector<std::int64_t>{0, 0, 0, 1, 1}));
    QVERIFY(document.scenario().mask.query_document_ids.empty());
    // visible(i, j) = j ≤ i and doc(i) = doc(j).
    const int doc[] = {0, 0, 0, 1, 1};
    const attn::BoolMatrix v = visibleOf(document);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) QCOMPARE(bool(v(i, j)), j <= i && doc[i] == doc[j]);
    // t3 sees only itself: weight 1 on t3, output its value 3.
    QCOMPARE(document.trace().heads[0].weights(3, 3), 1.0);
    QCOMPARE(document.undoStack()->text(0), QStringLiteral("Documents 0 0 0 1 1"));
    QVERIFY(view.setDocumentIds({}, {}));
    QVERIFY(document.scenario().mask.document_ids.empty());
    document.undoStack()->undo();
    QCOMPARE(document.scenario().mask.document_ids.size(), std::size_t(5));
}

void TestMaskDocuments::typedIdsAndBadText()
{
    std::vector<std::int64_t> ids;
    QString error;
    QVERIFY(MaskControls::parseIds(QStringLiteral(" 0, 0;1  2 "), &ids, &error));
    QCOMPARE(ids, (std::vector<std::int64_t>{0, 0, 1, 2}));
    QVERIFY(!MaskControls::parseIds(QStringLiteral("0 x 1"), &ids, &error));
    QCOMPARE(error, QStringLiteral(
                        "Document ids: “x” is not an integer; give one integer per token, e.g. 0 0 1 1."));

    ScenarioDocument document;
    QVERIFY(document.load(tokens(3)));
    MaskEditorView view(&document);
    auto *box = view.findChild<QLineEdit *>(QStringLiteral("keyDocuments"));
    QVERIFY(box);
    box->setText(QStringLiteral("0 1"));
    emit box->returnPressed(); // wrong length: refused, naming the field
    QCOMPARE(document.undoStack()->count(), 0);
    const QLabel *message = nullptr;
    for (const QLabel *label : view.findChildren<QLabel *>())
        if (label->text().contains(QStringLiteral("mask.document_ids"))) message = label;
    QVERIFY(message);
    QVERIFY2(message->text().contains(QStringLiteral("has 2 entries but n_k = 3")),
             qPrintable(message->text()));
    box->setText(QStringLiteral("5 5 7"));
    emit box->returnPressed();
    QCOMPARE(document.scenario().mask.document_ids, (std::vector<std::int64_t>{5, 5, 7}));
    QCOMPARE(bool(visibleOf(document)(2, 0)), false);
}

void TestMaskDocuments::prefixLengthByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(tokens(4)));
    MaskEditorView view(&document);
    auto *prefix = view.findChild<QSpinBox *>(QStringLiteral("prefixLength"));
    QVERIFY(prefix);
    prefix->setValue(2); // a prefix turns causal on
    QVERIFY(document.scenario().mask.causal);
    QCOMPARE(document.scenario().mask.prefix_length, std::optional<std::int64_t>(2));
    // visible(i, j) = j ≤ i or j < 2.
    const attn::BoolMatrix v = visibleOf(document);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) QCOMPARE(bool(v(i, j)), j <= i || j < 2);
    // t0 sees t0 and t1 with equal logits: 1/2 each.
    QCOMPARE(document.trace().heads[0].weights(0, 1), 0.5);
    prefix->setValue(-1);
    QVERIFY(!document.scenario().mask.prefix_length);
    QVERIFY(document.scenario().mask.causal);
    QCOMPARE(document.undoStack()->count(), 2);
}

void TestMaskDocuments::tokensKeepTheirDocuments()
{
    Scenario s = tokens(3);
    s.mask.document_ids = {0, 1, 1};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QVERIFY(document.addQuery()); // n_q = 4 ≠ n_k = 3: the ids split, the new query in document 1
    QCOMPARE(document.scenario().mask.query_document_ids, (std::vector<std::int64_t>{0, 1, 1, 1}));
    QCOMPARE(document.scenario().mask.key_document_ids, (std::vector<std::int64_t>{0, 1, 1}));
    QVERIFY(document.addKey()); // equal again: one list
    QCOMPARE(document.scenario().mask.document_ids, (std::vector<std::int64_t>{0, 1, 1, 1}));
    QVERIFY(document.scenario().mask.query_document_ids.empty());
    QVERIFY(document.removeKey(0));
    QVERIFY(document.removeQuery(0));
    QCOMPARE(document.scenario().mask.document_ids, (std::vector<std::int64_t>{1, 1, 1}));
}

void TestMaskDocuments::showingACellHiddenByItsDocument()
{
    Scenario s = tokens(3);
    s.mask.document_ids = {0, 0, 1};
    s.mask.causal = true;
    s.mask.prefix_length = 1;
    // t0 → t2 is hidden twice: causal (2 > 0, not in the prefix < 1) and by its document.
    const Scenario shown = attn::ui::withCellVisible(s, 0, 0, 2, true);
    QVERIFY(shown.mask.document_ids.empty());
    QVERIFY(!shown.mask.causal);
    QVERIFY(!shown.mask.prefix_length); // no prefix without causal
    // Every other cell keeps its visibility, (j ≤ i or j < 1) and doc(i) = doc(j); (0, 2) is shown.
    const attn::Shapes shapes = attn::validate(shown);
    const attn::BoolMatrix v = attn::visibility(shown, shapes, attn::resolvePositions(shown, shapes), 0);
    const int doc[] = {0, 0, 1};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            QCOMPARE(bool(v(i, j)), (i == 0 && j == 2) || ((j <= i || j < 1) && doc[i] == doc[j]));
}

QTEST_MAIN(TestMaskDocuments)
#include "tst_maskdocuments.moc"
