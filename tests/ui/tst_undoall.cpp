// Every kind of scenario edit, made through the real widgets of the window, is one step on the
// undo stack: undo gives back the exact scenario before (every double, bit for bit), redo the
// exact scenario after. Kinds: a table cell, a structural button, the score strip, the raw
// score table, the mask editor, the position view, the heads MHA/GQA switch.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/common/scorestable.h"
#include "ui/views/mask/maskeditorview.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <cstring>
#include <functional>

using attn::doc::TensorRole;
using attn::ui::MainWindow;

namespace {

/// Four query heads over two tokens, d_k = d_v = 2 per head (Q, K, V: 2 × 8).
attn::Scenario fourHeads()
{
    attn::Scenario s;
    s.query_tokens = {"a", "b"};
    s.key_tokens = {"a", "b"};
    s.num_query_heads = 4;
    s.num_kv_heads = 4;
    s.query.resize(2, 8);
    s.query << 1, 0.5, 0, 2, 0.1, 0.2, 0.3, 0.4, //
        0, 1, 1, 0, 0.7, 0.6, 0.5, 0.4;
    s.key.resize(2, 8);
    s.key << 1, 2, 3, 4, 0.25, 0.5, 0.75, 1, //
        0, 1, 0, 1, 1.0 / 3, 2.0 / 3, 1, 0.1;
    s.value.resize(2, 8);
    s.value << 1, 11, 21, 31, 41, 51, 61, 71, //
        2, 12, 22, 32, 42, 52, 62, 72;
    return s;
}

bool sameBits(const attn::Matrix &a, const attn::Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

/// Everything in the scenario, exactly: the file text (shortest round-trip doubles) and the
/// bits of Q, K and V.
struct Snapshot {
    QByteArray json;
    attn::Matrix query, key, value;

    explicit Snapshot(const attn::Scenario &s)
        : json(QJsonDocument(attn::doc::scenarioToJson(s)).toJson(QJsonDocument::Compact)), query(s.query),
          key(s.key), value(s.value)
    {
    }
    bool operator==(const Snapshot &o) const
    {
        return json == o.json && sameBits(query, o.query) && sameBits(key, o.key) && sameBits(value, o.value);
    }
};

} // namespace

class TestUndoAll : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void everyEditUndoesAndRedoesExactly_data();
    void everyEditUndoesAndRedoesExactly();
};

void TestUndoAll::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    static QTemporaryDir dir;
    attn::ui::AppSettings::instance().useFile(dir.filePath(QStringLiteral("settings.ini")));
}

using Edit = std::function<void(MainWindow &)>;
Q_DECLARE_METATYPE(Edit)

void TestUndoAll::everyEditUndoesAndRedoesExactly_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<Edit>("prepare"); // run before, not part of the edit (may be empty)
    QTest::addRow("table cell") << "qkv" << Edit([](MainWindow &w) {
        QTableView *table = w.editorView()->tableView(TensorRole::Key);
        QVERIFY(table->model()->setData(table->model()->index(1, 3), QStringLiteral("0.1"), Qt::EditRole));
    }) << Edit();
    QTest::addRow("add key button") << "qkv" << Edit([](MainWindow &w) {
        auto *button = w.editorView()->findChild<QToolButton *>(QStringLiteral("add_K_key"));
        QVERIFY(button);
        button->click();
    }) << Edit();
    QTest::addRow("add d_k button") << "qkv" << Edit([](MainWindow &w) {
        auto *button = w.editorView()->findChild<QToolButton *>(QStringLiteral("add_Q_d_k"));
        QVERIFY(button);
        button->click();
    }) << Edit();
    QTest::addRow("temperature") << "qkv" << Edit([](MainWindow &w) {
        auto *controls = w.editorView()->findChild<attn::ui::ScoreControls *>();
        QVERIFY(controls);
        controls->temperatureBox()->setValue(0.5);
    }) << Edit();
    QTest::addRow("score kind") << "qkv" << Edit([](MainWindow &w) {
        auto *kind = w.editorView()->findChild<QComboBox *>(QStringLiteral("scoreKind"));
        QVERIFY(kind);
        QTest::keyClick(kind, Qt::Key_Down); // scaled dot → the next kind, as the user picks it
    }) << Edit();
    QTest::addRow("edit scores directly")
        << "qkv" << Edit([](MainWindow &w) { w.editorView()->scoresTable()->editDirectlyButton()->click(); })
        << Edit();
    QTest::addRow("raw score cell") << "qkv" << Edit([](MainWindow &w) {
        QAbstractItemModel *model = w.editorView()->scoresTable()->tableView()->model();
        QVERIFY(model->setData(model->index(0, 1), QStringLiteral("2.5"), Qt::EditRole));
    }) << Edit([](MainWindow &w) { w.editorView()->scoresTable()->editDirectlyButton()->click(); });
    QTest::addRow("mask cell") << "mask" << Edit([](MainWindow &w) {
        auto *mask = w.findChild<attn::ui::MaskEditorView *>();
        QVERIFY(mask);
        QTest::keyClick(mask, Qt::Key_Right); // cursor on (0, 1)
        QTest::keyClick(mask, Qt::Key_Space); // hide it
    }) << Edit();
    QTest::addRow("positional encoding") << "position" << Edit([](MainWindow &w) {
        auto *kind = w.findChild<QComboBox *>(QStringLiteral("positionalKind"));
        QVERIFY(kind);
        kind->setCurrentIndex(kind->findData(QStringLiteral("alibi")));
    }) << Edit();
    // Today's attention: the second row of the score strip, the mask editor's documents and prefix,
    // and partial rotary in the position view.
    QTest::addRow("softcap") << "qkv" << Edit([](MainWindow &w) {
        auto *box = w.editorView()->findChild<QCheckBox *>(QStringLiteral("softcapOn"));
        QVERIFY(box);
        box->click();
    }) << Edit();
    QTest::addRow("sink") << "qkv" << Edit([](MainWindow &w) {
        auto *box = w.editorView()->findChild<QCheckBox *>(QStringLiteral("sinkOn"));
        QVERIFY(box);
        box->click();
    }) << Edit();
    QTest::addRow("dtype") << "qkv" << Edit([](MainWindow &w) {
        auto *dtype = w.editorView()->findChild<QComboBox *>(QStringLiteral("dtype"));
        QVERIFY(dtype);
        dtype->setCurrentIndex(dtype->findText(QStringLiteral("bfloat16")));
        emit dtype->activated(dtype->currentIndex());
    }) << Edit();
    QTest::addRow("document ids") << "mask" << Edit([](MainWindow &w) {
        auto *mask = w.findChild<attn::ui::MaskEditorView *>();
        QVERIFY(mask);
        auto *box = mask->findChild<QLineEdit *>(QStringLiteral("keyDocuments"));
        QVERIFY(box);
        QStringList ids;
        for (int i = 0; i < w.document()->keyCount(); ++i) ids << QString::number(i % 2);
        box->setText(ids.join(' '));
        emit box->returnPressed();
    }) << Edit();
    QTest::addRow("prefix length") << "mask" << Edit([](MainWindow &w) {
        auto *prefix = w.findChild<QSpinBox *>(QStringLiteral("prefixLength"));
        QVERIFY(prefix);
        prefix->setValue(1);
    }) << Edit();
    QTest::addRow("rotary_dim") << "position" << Edit([](MainWindow &w) {
        auto *rotary = w.findChild<QSpinBox *>(QStringLiteral("rotaryDim"));
        QVERIFY(rotary);
        rotary->setValue(2);
    }) << Edit([](MainWindow &w) { // d_k 2 → 4 and RoPE, so that 2 of 4 features rotate
        QVERIFY(w.document()->addKeyDim() && w.document()->addKeyDim());
        auto *kind = w.findChild<QComboBox *>(QStringLiteral("positionalKind"));
        QVERIFY(kind);
        kind->setCurrentIndex(kind->findData(QStringLiteral("rope")));
    });
    QTest::addRow("heads MHA to GQA") << "heads" << Edit([](MainWindow &w) {
        auto *grouping = w.findChild<QComboBox *>(QStringLiteral("kvGrouping"));
        QVERIFY(grouping);
        grouping->setCurrentIndex(grouping->findData(QStringLiteral("2")));
    }) << Edit();
}

void TestUndoAll::everyEditUndoesAndRedoesExactly()
{
    QFETCH(QString, view);
    QFETCH(Edit, edit);
    QFETCH(Edit, prepare);
    MainWindow window;
    attn::doc::ScenarioDocument *document = window.document();
    QVERIFY(document->load(fourHeads()));
    QVERIFY(window.showView(view));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QUndoStack *stack = document->undoStack();

    if (prepare) prepare(window);
    const Snapshot before(document->scenario());
    const int commands = stack->count();
    edit(window);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(stack->count(), commands + 1); // one edit, one command
    const Snapshot after(document->scenario());
    QVERIFY2(!(after == before), "the edit changed nothing");

    stack->undo();
    QVERIFY2(Snapshot(document->scenario()) == before, document->lastError().toUtf8());
    QVERIFY(document->traceIsCurrent());
    stack->redo();
    QVERIFY(Snapshot(document->scenario()) == after);
    QVERIFY(document->traceIsCurrent());
    stack->undo();
    QVERIFY(Snapshot(document->scenario()) == before);
}

QTEST_MAIN(TestUndoAll)
#include "tst_undoall.moc"
