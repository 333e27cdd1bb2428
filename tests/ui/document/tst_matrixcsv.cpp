// matrixcsv and matrixblocks: spreadsheet text and CSV for one matrix, and writing a block of
// it into a document as one undoable edit. No widgets.
#include "strictwarnings.h"
#include "ui/document/matrixblocks.h"
#include "ui/document/matrixcsv.h"
#include "ui/document/scenariodocument.h"
#include "workedexample.h"

#include <QLocale>
#include <QTest>
#include <QUndoStack>

using attn::Matrix;

Q_DECLARE_METATYPE(attn::Matrix)
using attn::doc::MatrixKind;
using attn::doc::ScenarioDocument;

namespace {

Matrix rows2x2(double a, double b, double c, double d)
{
    Matrix m(2, 2);
    m << a, b, c, d;
    return m;
}

} // namespace

class TestMatrixCsv : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void splitsQuotesAndLineEnds_data();
    void splitsQuotesAndLineEnds();
    void parsesPastedText_data();
    void parsesPastedText();
    void refusesBadText_data();
    void refusesBadText();
    void decimalCommaOnlyWithTabs();
    void formatsExactTsv();
    void csvRoundTripIsExact();
    void csvHeaderIsSkipped();
    void pasteIsOneUndoableEdit();
    void pasteThatDoesNotFitChangesNothing();
    void importNeedsTheSameShape();
    void scoresAreWritableOnlyAsRawScores();
};

void TestMatrixCsv::splitsQuotesAndLineEnds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QChar>("separator");
    QTest::addColumn<QList<QStringList>>("rows");
    QTest::addRow("tsv, trailing newline")
        << QStringLiteral("1\t2\n3\t4\n") << QChar('\t') << QList<QStringList>{{"1", "2"}, {"3", "4"}};
    QTest::addRow("crlf") << QStringLiteral("1,2\r\n3,4\r\n") << QChar(',')
                          << QList<QStringList>{{"1", "2"}, {"3", "4"}};
    QTest::addRow("quoted separator")
        << QStringLiteral("\"a,b\",2\n") << QChar(',') << QList<QStringList>{{"a,b", "2"}};
    QTest::addRow("doubled quote") << QStringLiteral("\"say \"\"hi\"\"\",1") << QChar(',')
                                   << QList<QStringList>{{"say \"hi\"", "1"}};
    QTest::addRow("newline in quotes")
        << QStringLiteral("\"x\ny\",1\n2,3") << QChar(',') << QList<QStringList>{{"x\ny", "1"}, {"2", "3"}};
    QTest::addRow("empty") << QString() << QChar('\t') << QList<QStringList>{};
    QTest::addRow("only newlines") << QStringLiteral("\n\r\n") << QChar('\t') << QList<QStringList>{};
    QTest::addRow("empty field") << QStringLiteral("1,,3") << QChar(',')
                                 << QList<QStringList>{{"1", "", "3"}};
}

void TestMatrixCsv::splitsQuotesAndLineEnds()
{
    QFETCH(QString, text);
    QFETCH(QChar, separator);
    QFETCH(QList<QStringList>, rows);
    QCOMPARE(attn::doc::splitDelimited(text, separator), rows);
}

void TestMatrixCsv::parsesPastedText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Matrix>("expected");
    QTest::addRow("tsv") << QStringLiteral("1\t2\n3\t4") << rows2x2(1, 2, 3, 4);
    QTest::addRow("tsv trailing newline, spaces")
        << QStringLiteral(" 0.5\t-2 \r\n1e-3\t7\r\n") << rows2x2(0.5, -2, 1e-3, 7);
    QTest::addRow("comma") << QStringLiteral("1.5,2\n3,4\n") << rows2x2(1.5, 2, 3, 4);
    QTest::addRow("semicolon") << QStringLiteral("1.5;2\n3;4") << rows2x2(1.5, 2, 3, 4);
    QTest::addRow("quoted numbers") << QStringLiteral("\"1\",\"2\"\n\"3\",4") << rows2x2(1, 2, 3, 4);
    QTest::addRow("exact digits") << QStringLiteral("0.1\t0.6697615493266569\n1e+300\t-0")
                                  << rows2x2(0.1, 0.6697615493266569, 1e300, -0.0);
}

void TestMatrixCsv::parsesPastedText()
{
    QFETCH(QString, text);
    QFETCH(Matrix, expected);
    QString error;
    const std::optional<Matrix> m = attn::doc::parseClipboardMatrix(text, &error);
    QVERIFY2(m.has_value(), qPrintable(error));
    QCOMPARE(m->rows(), expected.rows());
    QCOMPARE(m->cols(), expected.cols());
    for (attn::Index i = 0; i < m->size(); ++i) QCOMPARE(m->data()[i], expected.data()[i]);
}

void TestMatrixCsv::refusesBadText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::addRow("ragged") << QStringLiteral("1\t2\n3\n")
                            << QStringLiteral("row 2 has 1 cells, row 1 has 2");
    QTest::addRow("text") << QStringLiteral("1\t2\n3\tabc")
                          << QStringLiteral("row 2, column 2: “abc” is not a number");
    QTest::addRow("nan") << QStringLiteral("1\tnan")
                         << QStringLiteral("row 1, column 2: “nan” is not allowed");
    QTest::addRow("inf") << QStringLiteral("-inf,1")
                         << QStringLiteral("row 1, column 1: “-inf” is not allowed");
    QTest::addRow("empty") << QString() << QStringLiteral("there are no numbers");
    QTest::addRow("empty cell") << QStringLiteral("1\t\t3") << QStringLiteral("row 1, column 2 is empty");
    QTest::addRow("group separator") << QStringLiteral("1,000.5\t2")
                                     << QStringLiteral("“1,000.5” is not a number");
}

void TestMatrixCsv::refusesBadText()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!attn::doc::parseClipboardMatrix(text, &error).has_value());
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestMatrixCsv::decimalCommaOnlyWithTabs()
{
    const QLocale saved;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QString error;
    const std::optional<Matrix> tabs =
        attn::doc::parseClipboardMatrix(QStringLiteral("1,5\t-2,25\n"), &error);
    const std::optional<Matrix> semicolons = attn::doc::parseClipboardMatrix(QStringLiteral("1,5;2"), &error);
    const std::optional<Matrix> commas = attn::doc::parseClipboardMatrix(QStringLiteral("1,5"), &error);
    QLocale::setDefault(saved);
    QVERIFY(tabs.has_value());
    QCOMPARE(tabs->rows(), 1);
    QCOMPARE((*tabs)(0, 0), 1.5);
    QCOMPARE((*tabs)(0, 1), -2.25);
    QVERIFY(!semicolons.has_value()); // "1,5" is no number once ';' separates the cells
    QVERIFY(commas.has_value());      // "1,5" with ',' separating: two cells, 1 and 5
    QCOMPARE(commas->cols(), 2);
    QCOMPARE((*commas)(0, 1), 5.0);
}

void TestMatrixCsv::formatsExactTsv()
{
    QCOMPARE(attn::doc::formatTsv(rows2x2(0.1, 2.0 / 3.0, -1e-7, 4)),
             QStringLiteral("0.1\t0.6666666666666666\n-1e-07\t4"));
    QCOMPARE(attn::doc::formatTsv(Matrix()), QString());
}

void TestMatrixCsv::csvRoundTripIsExact()
{
    Matrix m(2, 3);
    m << 0.1, 1.0 / 3.0, -2.5e-300, 1e300, 0.6697615493266569, 123456789.125;
    const QString text =
        attn::doc::formatCsv(m, {QStringLiteral("K:0"), QStringLiteral("a,b"), QStringLiteral("x")});
    QVERIFY(text.startsWith(QStringLiteral("K:0,\"a,b\",x\n0.1,")));
    bool header = false;
    QString error;
    const std::optional<Matrix> back = attn::doc::parseCsvMatrix(text, &error, &header);
    QVERIFY2(back.has_value(), qPrintable(error));
    QVERIFY(header);
    QVERIFY(*back == m); // bit for bit
}

void TestMatrixCsv::csvHeaderIsSkipped()
{
    bool header = true;
    QString error;
    const std::optional<Matrix> plain =
        attn::doc::parseCsvMatrix(QStringLiteral("1,2\r\n3,4\r\n"), &error, &header);
    QVERIFY(plain.has_value());
    QVERIFY(!header);
    QCOMPARE(plain->rows(), 2);
    // A bad cell after a header is named by its line in the file (line 3 here).
    QVERIFY(!attn::doc::parseCsvMatrix(QStringLiteral("a,b\n1,2\n3,x\n"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("row 3, column 2: “x”")), qPrintable(error));
    // Only a header: no numbers.
    QVERIFY(!attn::doc::parseCsvMatrix(QStringLiteral("a,b\n"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("no numbers")), qPrintable(error));
}

void TestMatrixCsv::pasteIsOneUndoableEdit()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    const Matrix before = document.tensor(attn::doc::TensorRole::Key); // [[1,0],[0,1]]
    QString error;
    Matrix block(1, 2);
    block << 0.25, -3.5;
    QVERIFY2(attn::doc::pasteMatrixBlock(document, MatrixKind::Key, 1, 0, block, &error), qPrintable(error));
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Paste 1×2 into K"));
    QVERIFY(document.tensor(attn::doc::TensorRole::Key) == rows2x2(1, 0, 0.25, -3.5));
    document.undoStack()->undo();
    QVERIFY(document.tensor(attn::doc::TensorRole::Key) == before);
    document.undoStack()->redo();
    QVERIFY(document.tensor(attn::doc::TensorRole::Key) == rows2x2(1, 0, 0.25, -3.5));
    // The same values again push nothing.
    QVERIFY(attn::doc::pasteMatrixBlock(document, MatrixKind::Key, 1, 0, block, &error));
    QCOMPARE(document.undoStack()->count(), 1);
}

void TestMatrixCsv::pasteThatDoesNotFitChangesNothing()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QString error;
    QVERIFY(!attn::doc::pasteMatrixBlock(document, MatrixKind::Value, 1, 1, rows2x2(1, 2, 3, 4), &error));
    QCOMPARE(error, QStringLiteral("a 2×2 block at row 2, column 2 does not fit V, which is 2×2"));
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.tensor(attn::doc::TensorRole::Value) == rows2x2(2, 0, 0, 4));
}

void TestMatrixCsv::importNeedsTheSameShape()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QString error;
    QVERIFY(!attn::doc::importMatrix(document, MatrixKind::Query, rows2x2(1, 2, 3, 4), &error));
    QCOMPARE(error, QStringLiteral("the file holds a 2×2 matrix, but Q is 1×2"));
    QCOMPARE(document.undoStack()->count(), 0);
    Matrix q(1, 2);
    q << 0.5, 0.25;
    QVERIFY(attn::doc::importMatrix(document, MatrixKind::Query, q, &error));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Import Q from CSV"));
    QVERIFY(document.tensor(attn::doc::TensorRole::Query) == q);
    QCOMPARE(attn::doc::matrixColumnLabels(document, MatrixKind::Query),
             (QStringList{QStringLiteral("Q:0"), QStringLiteral("Q:1")}));
}

void TestMatrixCsv::scoresAreWritableOnlyAsRawScores()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QString error;
    QVERIFY(!attn::doc::isMatrixWritable(document, MatrixKind::Scores, &error));
    QVERIFY(!attn::doc::pasteMatrixBlock(document, MatrixKind::Scores, 0, 0, Matrix::Ones(1, 1), &error));
    QVERIFY2(error.contains(QStringLiteral("Edit scores directly")), qPrintable(error));
    // The logits of the worked example: q·k / √2 = [1/√2, 0].
    const Matrix logits = attn::doc::matrixValues(document, MatrixKind::Scores);
    QCOMPARE(logits.cols(), 2);
    QCOMPARE(logits(0, 0), 1.0 / std::sqrt(2.0));

    attn::Scenario raw = document.scenario();
    raw.scores = {Matrix::Zero(1, 2)};
    QVERIFY(document.load(raw));
    Matrix s(1, 2);
    s << 2.0, -1.0;
    QVERIFY2(attn::doc::pasteMatrixBlock(document, MatrixKind::Scores, 0, 0, s, &error), qPrintable(error));
    QVERIFY(document.scenario().scores[0] == s);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Paste 1×2 into S"));
    QCOMPARE(attn::doc::matrixColumnLabels(document, MatrixKind::Scores),
             (QStringList{QStringLiteral("S:k1"), QStringLiteral("S:k2")}));
}

QTEST_GUILESS_MAIN(TestMatrixCsv)
#include "tst_matrixcsv.moc"
