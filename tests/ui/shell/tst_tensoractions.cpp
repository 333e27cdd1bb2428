// Copy and paste through the real tables of the Q/K/V editor (Ctrl+C, Ctrl+V), CSV files of one
// matrix, and File → Save scenario as… of the main window.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/document/scenariojson.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/tensoractions.h"
#include "ui/views/common/matrixclipboard.h"
#include "ui/views/common/scorestable.h"
#include "ui/views/qkv/qkveditorview.h"
#include "workedexample.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using attn::Matrix;
using attn::doc::MatrixKind;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::ui::MatrixClipboard;
using attn::ui::QkvEditorView;

namespace {

Matrix rows2x2(double a, double b, double c, double d)
{
    Matrix m(2, 2);
    m << a, b, c, d;
    return m;
}

/// The worked example with three keys, so that a 2×2 block fits inside K and V with room around.
attn::Scenario threeKeys()
{
    attn::Scenario s = attn::test::workedExample();
    s.key_tokens.push_back("k3");
    s.key.conservativeResize(3, 2);
    s.key.row(2) << 0.5, 0.5;
    s.value.conservativeResize(3, 2);
    s.value.row(2) << 1, 1;
    return s;
}

/// The open cell editor of `table`, or nullptr.
QLineEdit *visibleEditor(QTableView *table)
{
    for (QLineEdit *editor : table->viewport()->findChildren<QLineEdit *>())
        if (editor->isVisible()) return editor;
    return nullptr;
}

/// Opens the line editor of cell (row, column) of `table` and returns it.
QLineEdit *openEditor(QTableView *table, int row, int column)
{
    table->setFocus();
    const QModelIndex index = table->model()->index(row, column);
    table->setCurrentIndex(index); // the editor's tables edit on CurrentChanged
    if (!visibleEditor(table)) table->edit(index);
    return visibleEditor(table);
}

/// Makes (row, column) the current cell of `table`, selecting it alone.
void selectCell(QTableView *table, int row, int column)
{
    table->setFocus();
    table->setCurrentIndex(table->model()->index(row, column));
}

} // namespace

class TestTensorActions : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void ctrlVPastesABlockAsOneUndoableEdit();
    void ctrlVInAnOpenCellEditorPastesTheBlock();
    void refusedPasteChangesNothing_data();
    void refusedPasteChangesNothing();
    void lockedTableRefusesPaste();
    void ctrlCCopiesTheSelectedRectangle();
    void scoresTablePastesRawScores();
    void csvRoundTripIsExact();
    void csvOfAnotherShapeIsRefused();
    void csvOfADeviceIsRefused();
    void mainWindowSavesTheScenario();

private:
    QTemporaryDir m_dir;
};

void TestTensorActions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    attn::ui::AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
}

void TestTensorActions::ctrlVPastesABlockAsOneUndoableEdit()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    view.show();
    QTableView *table = view.tableView(TensorRole::Key);
    const Matrix before = document.tensor(TensorRole::Key); // [[1,0],[0,1],[0.5,0.5]]
    selectCell(table, 1, 0);
    QGuiApplication::clipboard()->setText(QStringLiteral("0.1\t-2.5\r\n1e-7\t3\r\n"));
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier);

    Matrix after = before;
    after.bottomRows(2) = rows2x2(0.1, -2.5, 1e-7, 3);
    QVERIFY(document.tensor(TensorRole::Key) == after);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Paste 2×2 into K"));
    // The pasted block is selected.
    QCOMPARE(view.matrixClipboard(MatrixKind::Key)->selectedBlock(), QRect(0, 1, 2, 2));

    document.undoStack()->undo();
    QVERIFY(document.tensor(TensorRole::Key) == before); // exact old values
    document.undoStack()->redo();
    QVERIFY(document.tensor(TensorRole::Key) == after);
}

void TestTensorActions::ctrlVInAnOpenCellEditorPastesTheBlock()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView *table = view.tableView(TensorRole::Value);
    QLineEdit *editor = openEditor(table, 1, 0);
    QVERIFY(editor);
    QGuiApplication::clipboard()->setText(QStringLiteral("9\t8\n"));
    QTest::keyClick(editor, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(document.tensor(TensorRole::Value)(1, 0), 9.0);
    QCOMPARE(document.tensor(TensorRole::Value)(1, 1), 8.0);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Paste 1×2 into V"));
    QVERIFY(!visibleEditor(table)); // no editor opened on the pasted block
    // One number is the editor's own paste: nothing is written until the editor commits.
    editor = openEditor(table, 0, 0);
    QVERIFY(editor);
    editor->selectAll();
    QGuiApplication::clipboard()->setText(QStringLiteral("0.5"));
    QTest::keyClick(editor, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(editor->text(), QStringLiteral("0.5"));
    QCOMPARE(document.undoStack()->count(), 1);
}

void TestTensorActions::refusedPasteChangesNothing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("message");
    QTest::addRow("text") << QStringLiteral("1\t2\n3\tfoo") << 0
                          << QStringLiteral("row 2, column 2: “foo” is not a number");
    QTest::addRow("nan") << QStringLiteral("NaN\t1") << 0 << QStringLiteral("“NaN” is not allowed");
    QTest::addRow("ragged") << QStringLiteral("1\t2\n3") << 0
                            << QStringLiteral("row 2 has 1 cells, row 1 has 2");
    QTest::addRow("too big") << QStringLiteral("1\t2\n3\t4") << 2
                             << QStringLiteral("a 2×2 block at row 3, column 1 does not fit V, which is 3×2");
}

void TestTensorActions::refusedPasteChangesNothing()
{
    QFETCH(QString, text);
    QFETCH(int, row);
    QFETCH(QString, message);
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    view.show();
    QTableView *table = view.tableView(TensorRole::Value);
    const Matrix before = document.tensor(TensorRole::Value);
    selectCell(table, row, 0);
    QGuiApplication::clipboard()->setText(text);
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier);
    QVERIFY(document.tensor(TensorRole::Value) == before);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY2(view.messageText().contains(message), qPrintable(view.messageText()));
    QVERIFY(view.messageText().startsWith(QStringLiteral("Paste into V refused")));
    QCOMPARE(view.matrixClipboard(MatrixKind::Value)->lastMessage(), view.messageText());
}

void TestTensorActions::lockedTableRefusesPaste()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    view.show();
    QTableView *table = view.tableView(TensorRole::Query);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers); // as a lesson step locks it
    selectCell(table, 0, 0);
    QGuiApplication::clipboard()->setText(QStringLiteral("5\t6"));
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier);
    QVERIFY(document.tensor(TensorRole::Query) == (Matrix(1, 2) << 1, 0).finished());
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY2(view.messageText().contains(QStringLiteral("Q is locked in this step of the lesson")),
             qPrintable(view.messageText()));
    // The context menu offers Paste disabled, Copy enabled.
    QMenu *menu = view.matrixClipboard(MatrixKind::Query)->createContextMenu(&view);
    QVERIFY(!view.matrixClipboard(MatrixKind::Query)->pasteAction()->isEnabled());
    QVERIFY(view.matrixClipboard(MatrixKind::Query)->copyAction()->isEnabled());
    QCOMPARE(menu->actions().size(), 6); // Copy, Paste, Copy table, separator, Import, Export
    delete menu;
}

void TestTensorActions::ctrlCCopiesTheSelectedRectangle()
{
    ScenarioDocument document;
    attn::Scenario s = threeKeys();
    s.value.row(1) << 1.0 / 3.0, -4;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    view.show();
    QTableView *table = view.tableView(TensorRole::Value);
    table->setFocus();
    table->selectionModel()->select(QItemSelection(table->model()->index(1, 0), table->model()->index(2, 1)),
                                    QItemSelectionModel::ClearAndSelect);
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("0.3333333333333333\t-4\n1\t1"));
    QCOMPARE(view.matrixClipboard(MatrixKind::Value)->copyTable(),
             QStringLiteral("2\t0\n0.3333333333333333\t-4\n1\t1"));
}

void TestTensorActions::scoresTablePastesRawScores()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    view.show();
    QTableView *table = view.scoresTable()->tableView();
    selectCell(table, 0, 1);
    QGuiApplication::clipboard()->setText(QStringLiteral("7\t8\n"));
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier); // computed logits: refused
    QVERIFY(document.scenario().scores.empty());
    QVERIFY2(view.messageText().contains(QStringLiteral("Edit scores directly")),
             qPrintable(view.messageText()));

    QVERIFY(view.scoresTable()->editScoresDirectly());
    selectCell(table, 0, 1);
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(document.scenario().scores.size(), std::size_t(1));
    QCOMPARE(document.scenario().scores[0](0, 1), 7.0);
    QCOMPARE(document.scenario().scores[0](0, 2), 8.0);
    QCOMPARE(document.scenario().scores[0](0, 0), 1.0 / std::sqrt(2.0)); // untouched
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Paste 1×2 into S"));
}

void TestTensorActions::csvRoundTripIsExact()
{
    ScenarioDocument document;
    attn::Scenario s = threeKeys();
    s.value << 0.1, 2.0 / 3.0, -1e-300, 1e300, 0.6697615493266569, -0.0;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    MatrixClipboard *v = view.matrixClipboard(MatrixKind::Value);
    const QString path = m_dir.filePath(QStringLiteral("v.csv"));
    QVERIFY2(v->exportCsv(path), qPrintable(v->lastMessage()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readLine(), QByteArray("V:0,V:1\n"));
    QCOMPARE(file.readLine(), QByteArray("0.1,0.6666666666666666\n"));
    file.close();

    // Change V, then import the file: V is back, bit for bit, in one undoable edit.
    QVERIFY(document.setCell(TensorRole::Value, 0, 0, 5.0));
    QVERIFY2(v->importCsv(path), qPrintable(v->lastMessage()));
    QVERIFY(document.tensor(TensorRole::Value) == s.value);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Import V from CSV"));
    document.undoStack()->undo();
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 5.0);
}

void TestTensorActions::csvOfAnotherShapeIsRefused()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    const QString path = m_dir.filePath(QStringLiteral("k.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("a,b,c\n1,2,3\n4,5,6\n");
    file.close();
    MatrixClipboard *k = view.matrixClipboard(MatrixKind::Key);
    const Matrix before = document.tensor(TensorRole::Key);
    QVERIFY(!k->importCsv(path));
    QVERIFY2(k->lastMessage().contains(QStringLiteral("the file holds a 2×3 matrix, but K is 3×2")),
             qPrintable(k->lastMessage()));
    QVERIFY(k->lastMessage().contains(QStringLiteral("k.csv")));
    QVERIFY(document.tensor(TensorRole::Key) == before);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(!k->importCsv(m_dir.filePath(QStringLiteral("missing.csv"))));
    QVERIFY(k->lastMessage().contains(QStringLiteral("missing.csv")));
}

void TestTensorActions::csvOfADeviceIsRefused()
{
    // /dev/zero has size 0 and no end: the old 16 MiB check used the size and read until memory
    // ran out. Now devices are refused before a byte is read.
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    QkvEditorView view(&document);
    MatrixClipboard *k = view.matrixClipboard(MatrixKind::Key);
    for (const QString &device : {QStringLiteral("/dev/zero"), QStringLiteral("/dev/null")}) {
        QVERIFY(!k->importCsv(device));
        QVERIFY2(k->lastMessage().contains(
                     QStringLiteral("Cannot import K from “%1”: it is a character device").arg(device)),
                 qPrintable(k->lastMessage()));
    }
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestTensorActions::mainWindowSavesTheScenario()
{
    attn::ui::MainWindow window;
    auto *actions = window.findChild<attn::ui::TensorActions *>();
    QVERIFY(actions);
    QMenu *file = window.menuBar()->actions().first()->menu();
    QVERIFY(file->actions().contains(actions->saveScenarioAction()));
    QVERIFY(file->actions().contains(actions->importMatrixAction()));
    QVERIFY(file->actions().contains(actions->exportMatrixAction()));
    QCOMPARE(actions->saveScenarioAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));

    QVERIFY(window.document()->setCell(TensorRole::Key, 0, 1, 0.1 + 0.2));
    const QString path = m_dir.filePath(QStringLiteral("saved.json"));
    QString error;
    QVERIFY2(actions->saveScenario(path, &error), qPrintable(error));
    const attn::Scenario back = attn::doc::readScenarioFile(path);
    const attn::Scenario &now = window.document()->scenario();
    QVERIFY(back.query == now.query);
    QVERIFY(back.key == now.key);
    QVERIFY(back.value == now.value);
    QCOMPARE(back.key(0, 1), 0.1 + 0.2);
    QCOMPARE(back.key_tokens, now.key_tokens);
    QCOMPARE(back.query_tokens, now.query_tokens);
    // A folder cannot be written: refused with a reason, nothing written.
    QVERIFY(!actions->saveScenario(m_dir.path(), &error));
    QVERIFY(!error.isEmpty());
}

QTEST_MAIN(TestTensorActions)
#include "tst_tensoractions.moc"
