// MatrixTableModel: a well-behaved editable model that refuses what is not a finite number.
#include "strictwarnings.h"
#include "ui/models/matrixtablemodel.h"
#include "workedexample.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <limits>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::ui::MatrixTableModel;

class TestMatrixTableModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void passesTheModelTester();
    void shapesAndHeaders();
    void rolesOfACell();
    void headGroupedHeaders();
    void refusesWhatIsNotAFiniteNumber_data();
    void refusesWhatIsNotAFiniteNumber();
    void validEditChangesTheDocument_data();
    void validEditChangesTheDocument();
    void acceptsTheUsersDecimalComma();
    void undoEmitsDataChanged();
    void structuralEditResetsTheModel();
    void displayIsCompactToolTipExact_data();
    void displayIsCompactToolTipExact();
    void editTheEngineRefusesIsNotApplied();
    void nanFromTheFileIsShownAndKept();

private:
    ScenarioDocument *m_document = nullptr;
};

void TestMatrixTableModel::initTestCase()
{
    // The refusals below assume a locale with a decimal point, whatever the machine's is.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestMatrixTableModel::init()
{
    attn::test::failOnQtWarnings();
    m_document = new ScenarioDocument;
    m_document->load(attn::test::workedExample());
}

void TestMatrixTableModel::cleanup()
{
    delete m_document;
    m_document = nullptr;
}

void TestMatrixTableModel::passesTheModelTester()
{
    for (TensorRole role : {TensorRole::Query, TensorRole::Key, TensorRole::Value}) {
        MatrixTableModel model(m_document, role);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Edits, structural edits and undo while the tester watches.
        QVERIFY(model.setData(model.index(0, 1), QStringLiteral("0.5")));
        QVERIFY(!model.setData(model.index(0, 1), QStringLiteral("abc")));
        m_document->addKey();
        m_document->addQuery();
        m_document->addKeyDim();
        m_document->addValueDim();
        m_document->undoStack()->setIndex(0);
        QCOMPARE(model.rowCount(), role == TensorRole::Query ? 1 : 2);
    }
}

void TestMatrixTableModel::shapesAndHeaders()
{
    MatrixTableModel q(m_document, TensorRole::Query);
    MatrixTableModel k(m_document, TensorRole::Key);
    QCOMPARE(q.rowCount(), 1);
    QCOMPARE(q.columnCount(), 2);
    QCOMPARE(k.rowCount(), 2);
    QCOMPARE(k.rowCount(k.index(0, 0)), 0); // a table: no children
    QCOMPARE(k.columnCount(k.index(0, 0)), 0);
    QCOMPARE(q.headerData(0, Qt::Vertical).toString(), QStringLiteral("q"));
    QCOMPARE(k.headerData(1, Qt::Vertical).toString(), QStringLiteral("k2"));
    QCOMPARE(k.headerData(0, Qt::Horizontal).toString(), QStringLiteral("0"));
    QCOMPARE(k.headerData(1, Qt::Horizontal).toString(), QStringLiteral("1"));
    QVERIFY(!k.headerData(2, Qt::Horizontal).isValid());
}

void TestMatrixTableModel::rolesOfACell()
{
    MatrixTableModel v(m_document, TensorRole::Value);
    const QModelIndex cell = v.index(1, 1); // v2[1] = 4
    QCOMPARE(v.data(cell, Qt::DisplayRole).toString(), QStringLiteral("4.000"));
    QCOMPARE(v.data(cell, Qt::EditRole).toString(), QStringLiteral("4"));
    QVERIFY(v.data(cell, Qt::ToolTipRole).toString().contains(QStringLiteral("= 4")));
    QVERIFY(v.flags(cell).testFlag(Qt::ItemIsEditable));

    QVERIFY(v.setData(cell, QStringLiteral("0.1")));
    // EditRole keeps every digit needed to read the same double back; DisplayRole rounds.
    QCOMPARE(v.data(cell, Qt::EditRole).toString(), QStringLiteral("0.1"));
    QVERIFY(v.setData(cell, 1.0 / 3.0));
    QCOMPARE(v.data(cell, Qt::DisplayRole).toString(), QStringLiteral("0.333"));
    QCOMPARE(v.data(cell, Qt::EditRole).toString().toDouble(), 1.0 / 3.0);
}

void TestMatrixTableModel::headGroupedHeaders()
{
    attn::Scenario s = attn::test::workedExample();
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.query.resize(1, 4);
    s.query << 1, 0, 0, 1;
    m_document->load(s);
    MatrixTableModel q(m_document, TensorRole::Query);
    MatrixTableModel k(m_document, TensorRole::Key);
    QCOMPARE(q.headerData(0, Qt::Horizontal).toString(), QStringLiteral("h0·0"));
    QCOMPARE(q.headerData(3, Qt::Horizontal).toString(), QStringLiteral("h1·1"));
    QCOMPARE(k.headerData(1, Qt::Horizontal).toString(), QStringLiteral("1")); // one K/V head
}

void TestMatrixTableModel::refusesWhatIsNotAFiniteNumber_data()
{
    QTest::addColumn<QString>("text");
    QTest::addRow("letters") << QStringLiteral("abc");
    QTest::addRow("nan") << QStringLiteral("nan");
    QTest::addRow("NaN") << QStringLiteral("NaN");
    QTest::addRow("inf") << QStringLiteral("inf");
    QTest::addRow("-inf") << QStringLiteral("-inf");
    QTest::addRow("overflow") << QStringLiteral("1e999");
    QTest::addRow("empty") << QString();
    QTest::addRow("number then text") << QStringLiteral("1.5x");
    QTest::addRow("group separator") << QStringLiteral("1,000");
}

void TestMatrixTableModel::refusesWhatIsNotAFiniteNumber()
{
    QFETCH(QString, text);
    MatrixTableModel k(m_document, TensorRole::Key);
    QSignalSpy rejected(&k, &MatrixTableModel::inputRejected);
    QSignalSpy changed(&k, &MatrixTableModel::dataChanged);
    const QModelIndex cell = k.index(1, 0); // K[1, 0] = 0

    QVERIFY(!k.setData(cell, text));
    QCOMPARE(m_document->tensor(TensorRole::Key)(1, 0), 0.0);
    QCOMPARE(k.data(cell).toString(), QStringLiteral("0.000"));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_document->undoStack()->count(), 0);
    QCOMPARE(rejected.count(), 1);
    const QString message = rejected.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("K[1, 0]")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("k2")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("“%1”").arg(text)), qPrintable(message));
}

void TestMatrixTableModel::validEditChangesTheDocument_data()
{
    QTest::addColumn<QVariant>("input");
    QTest::addColumn<double>("expected");
    QTest::addRow("text 2") << QVariant(QStringLiteral("2")) << 2.0;
    QTest::addRow("text -0.25 with spaces") << QVariant(QStringLiteral(" -0.25 ")) << -0.25;
    QTest::addRow("exponent") << QVariant(QStringLiteral("1e-3")) << 1e-3;
    QTest::addRow("a double") << QVariant(2.5) << 2.5;
    QTest::addRow("an int") << QVariant(3) << 3.0;
}

void TestMatrixTableModel::validEditChangesTheDocument()
{
    QFETCH(QVariant, input);
    QFETCH(double, expected);
    MatrixTableModel q(m_document, TensorRole::Query);
    QSignalSpy changed(&q, &MatrixTableModel::dataChanged);
    QSignalSpy trace(m_document, &ScenarioDocument::traceChanged);

    QVERIFY(q.setData(q.index(0, 0), input));
    QCOMPARE(m_document->tensor(TensorRole::Query)(0, 0), expected);
    QCOMPARE(trace.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex(), q.index(0, 0));
    QCOMPARE(changed.at(0).at(1).toModelIndex(), q.index(0, 0));
    const auto roles = changed.at(0).at(2).value<QList<int>>();
    QVERIFY(roles.contains(Qt::DisplayRole));
    QVERIFY(roles.contains(Qt::EditRole));
}

void TestMatrixTableModel::acceptsTheUsersDecimalComma()
{
    const QLocale saved;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    MatrixTableModel q(m_document, TensorRole::Query);
    const bool comma = q.setData(q.index(0, 1), QStringLiteral("1,5"));
    const bool point = q.setData(q.index(0, 0), QStringLiteral("0.25")); // C locale still works
    QLocale::setDefault(saved);
    QVERIFY(comma);
    QVERIFY(point);
    QCOMPARE(m_document->tensor(TensorRole::Query)(0, 1), 1.5);
    QCOMPARE(m_document->tensor(TensorRole::Query)(0, 0), 0.25);
}

void TestMatrixTableModel::undoEmitsDataChanged()
{
    MatrixTableModel v(m_document, TensorRole::Value);
    QVERIFY(v.setData(v.index(0, 0), QStringLiteral("7")));
    QSignalSpy changed(&v, &MatrixTableModel::dataChanged);
    m_document->undoStack()->undo();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(v.data(v.index(0, 0)).toString(), QStringLiteral("2.000"));
}

void TestMatrixTableModel::structuralEditResetsTheModel()
{
    MatrixTableModel v(m_document, TensorRole::Value);
    QSignalSpy reset(&v, &MatrixTableModel::modelReset);
    m_document->addKey();
    QCOMPARE(reset.count(), 1);
    QCOMPARE(v.rowCount(), 3);
    QCOMPARE(v.headerData(2, Qt::Vertical).toString(), QStringLiteral("k3"));
    m_document->removeValueDim(0);
    QCOMPARE(v.columnCount(), 1);
    QCOMPARE(v.data(v.index(1, 0)).toString(), QStringLiteral("4.000"));
}

void TestMatrixTableModel::displayIsCompactToolTipExact_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("display");
    QTest::addColumn<QString>("exact");
    QTest::addRow("1e308: not 309 digits") << 1e308 << QStringLiteral("1e+308") << QStringLiteral("= 1e+308");
    QTest::addRow("2.5e-5") << 2.5e-5 << QStringLiteral("2.5e-05") << QStringLiteral("= 2.5e-05");
    QTest::addRow("1/3") << 1.0 / 3.0 << QStringLiteral("0.333") << QStringLiteral("= 0.3333333333333333");
    QTest::addRow("-1234567.5") << -1234567.5 << QStringLiteral("-1.235e+06")
                                << QStringLiteral("= -1234567.5");
}

void TestMatrixTableModel::displayIsCompactToolTipExact()
{
    QFETCH(double, value);
    QFETCH(QString, display);
    QFETCH(QString, exact);
    MatrixTableModel v(m_document, TensorRole::Value);
    const QModelIndex cell = v.index(0, 0);
    QVERIFY(v.setData(cell, value));
    QCOMPARE(v.data(cell, Qt::DisplayRole).toString(), display);
    const QString tip = v.data(cell, Qt::ToolTipRole).toString();
    QVERIFY2(tip.endsWith(exact), qPrintable(tip));
    QCOMPARE(v.data(cell, Qt::EditRole).toString().toDouble(), value);
}

void TestMatrixTableModel::editTheEngineRefusesIsNotApplied()
{
    // An engine that refuses any change of V[0, 0] stands in for an overflowing logit.
    ScenarioDocument document([](const attn::Scenario &s) {
        if (s.value(0, 0) != 2.0) throw attn::ScenarioError("logits", "logits: refused for the test");
        return attn::attend(s);
    });
    QVERIFY(document.load(attn::test::workedExample()));
    MatrixTableModel v(&document, TensorRole::Value);
    QSignalSpy changed(&v, &MatrixTableModel::dataChanged);
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    QVERIFY(!v.setData(v.index(0, 0), QStringLiteral("3")));
    QCOMPARE(v.data(v.index(0, 0)).toString(), QStringLiteral("2.000"));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(refused.count(), 1);
    QVERIFY(v.setData(v.index(1, 1), QStringLiteral("5"))); // V[0, 0] stays 2: accepted
}

void TestMatrixTableModel::nanFromTheFileIsShownAndKept()
{
    attn::Scenario s = attn::test::workedExample();
    s.value(1, 0) = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(m_document->load(s));
    MatrixTableModel v(m_document, TensorRole::Value);
    QSignalSpy rejected(&v, &MatrixTableModel::inputRejected);
    const QModelIndex cell = v.index(1, 0);
    QCOMPARE(v.data(cell).toString(), QStringLiteral("NaN"));
    // Opening the editor on it and pressing Enter commits "NaN" back: not a refusal, no edit.
    QVERIFY(v.setData(cell, v.data(cell, Qt::EditRole)));
    QCOMPARE(rejected.count(), 0);
    QCOMPARE(m_document->undoStack()->count(), 0);
    // Typing NaN over a number is still refused.
    QVERIFY(!v.setData(v.index(0, 0), QStringLiteral("NaN")));
    QCOMPARE(rejected.count(), 1);
}

QTEST_GUILESS_MAIN(TestMatrixTableModel)
#include "tst_matrixtablemodel.moc"
