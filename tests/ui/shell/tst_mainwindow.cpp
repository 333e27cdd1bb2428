// The window end to end (offscreen): it opens on the worked example, and an edit in a table
// changes the trace, the heatmap's cells and the output line to hand-checkable values.
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

#include <cmath>
#include <functional>

using attn::doc::TensorRole;
using attn::ui::MainWindow;

namespace {

/// The action of `window`'s menus whose text (without "&") starts with `text`.
QAction *findAction(QMainWindow &window, const QString &text)
{
    for (QAction *menu : window.menuBar()->actions())
        for (QAction *action : menu->menu()->actions())
            if (action->text().remove(QLatin1Char('&')).startsWith(text)) return action;
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void opensOnTheWorkedExample();
    void editingQChangesEverythingShown();
    void refusedInputIsShown();
    void addKeyButtonGrowsKAndV();
    void xiaohongPreset();
    void presetChooserLoads();
    void switchingPresetAsksBeforeDroppingEdits();
    void badFileShowsTheError();
    void uncomputableFileIsRefused();
    void fileWithNullsLoadsWithANote();
    void fortyTokenFile();
    void xiaohongExplainsItsFeatures();
    void querySelectorWidensWithThePreset();
    void undoButtonKeepsItsText();
    void exportsTheCurrentFigures();
    void menusHaveOneFixedOrder();
    void unknownLessonOrStepIsExplained();

private:
    /// Writes `json` to a file in m_dir and returns its path.
    QString writeFile(const QString &name, const QByteArray &json);
    /// Opens `path` in `window`, closing and returning the text of any message box it shows.
    QString openAndCatchMessage(MainWindow &window, const QString &path, bool *opened);
    /// Runs `open` and returns the text of the message box it showed (closed at once), or "".
    QString catchMessage(const std::function<bool()> &open, bool *opened);

    QTemporaryDir m_dir;
};

QString TestMainWindow::writeFile(const QString &name, const QByteArray &json)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(json);
    return path;
}

QString TestMainWindow::catchMessage(const std::function<bool()> &open, bool *opened)
{
    QString shown;
    QTimer::singleShot(0, this, [&shown] {
        if (QWidget *box = QApplication::activeModalWidget()) {
            shown = box->findChild<QLabel *>(QStringLiteral("qt_msgbox_label"))->text();
            box->close();
        }
    });
    *opened = open();
    return shown;
}

QString TestMainWindow::openAndCatchMessage(MainWindow &window, const QString &path, bool *opened)
{
    return catchMessage([&] { return window.openScenarioFile(path); }, opened);
}

void TestMainWindow::opensOnTheWorkedExample()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.windowTitle().endsWith(QStringLiteral("Attention Lab")),
             qPrintable(window.windowTitle()));
    QCOMPARE(window.currentPresetId(), QStringLiteral("worked-example"));

    const attn::AttentionTrace &trace = window.document()->trace();
    QCOMPARE(QString::number(trace.heads[0].weights(0, 0), 'f', 4), QStringLiteral("0.6698"));
    QCOMPARE(QString::number(trace.heads[0].weights(0, 1), 'f', 4), QStringLiteral("0.3302"));
    attn::ui::QkvEditorView *view = window.editorView();
    QCOMPARE(view->heatmap()->cellText(0, 0), QStringLiteral("0.670"));
    QCOMPARE(view->heatmap()->cellText(0, 1), QStringLiteral("0.330"));
    QCOMPARE(view->outputText(), QStringLiteral("O = [1.340, 1.321]"));
    QCOMPARE(view->shapesText(), QStringLiteral("Q 1×2, K 2×2, V 2×2 → A 1×2, O 1×2"));
    QCOMPARE(view->scoresText(),
             QStringLiteral("Query “q”: scores = [0.707, 0.000] → weights = [0.670, 0.330]"));
    QVERIFY(view->messageText().isEmpty());
}

void TestMainWindow::editingQChangesEverythingShown()
{
    MainWindow window;
    window.show();
    attn::ui::QkvEditorView *view = window.editorView();
    attn::ui::MatrixTableModel *q = view->model(TensorRole::Query);

    // q = [2, 0]: scores = [2/√2, 0] = [√2, 0], weights = 1/(1 + e^(−√2)) = 0.80443 and 0.19557,
    // output = 0.80443·[2, 0] + 0.19557·[0, 4] = [1.6089, 0.7823].
    QVERIFY(q->setData(q->index(0, 0), QStringLiteral("2")));
    const double w1 = 1.0 / (1.0 + std::exp(-std::sqrt(2.0)));
    const attn::AttentionTrace &trace = window.document()->trace();
    QVERIFY(std::abs(trace.heads[0].weights(0, 0) - w1) < 1e-12);
    QCOMPARE(QString::number(trace.heads[0].weights(0, 0), 'f', 5), QStringLiteral("0.80443"));
    QCOMPARE(QString::number(trace.heads[0].weights(0, 1), 'f', 5), QStringLiteral("0.19557"));
    QCOMPARE(QString::number(trace.output(0, 0), 'f', 4), QStringLiteral("1.6089"));
    QCOMPARE(QString::number(trace.output(0, 1), 'f', 4), QStringLiteral("0.7823"));
    QVERIFY(std::abs(view->heatmap()->colorMapData(0, 0) - w1) < 1e-12);
    QVERIFY(std::abs(view->heatmap()->colorMapData(0, 1) - (1.0 - w1)) < 1e-12);
    QCOMPARE(view->heatmap()->cellText(0, 0), QStringLiteral("0.804"));
    QCOMPARE(view->barPlot()->barText(1), QStringLiteral("0.196"));
    QCOMPARE(view->outputText(), QStringLiteral("O = [1.609, 0.782]"));

    // Edit → Undo restores the first picture.
    QAction *undo = findAction(window, QStringLiteral("Undo"));
    QVERIFY(undo);
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(view->heatmap()->cellText(0, 0), QStringLiteral("0.670"));
    QCOMPARE(view->outputText(), QStringLiteral("O = [1.340, 1.321]"));
    QAction *redo = findAction(window, QStringLiteral("Redo"));
    QVERIFY(redo);
    redo->trigger();
    QCOMPARE(view->outputText(), QStringLiteral("O = [1.609, 0.782]"));
}

void TestMainWindow::refusedInputIsShown()
{
    MainWindow window;
    attn::ui::MatrixTableModel *k = window.editorView()->model(TensorRole::Key);
    QVERIFY(!k->setData(k->index(0, 1), QStringLiteral("abc")));
    QVERIFY(window.editorView()->messageText().contains(QStringLiteral("abc")));
    QCOMPARE(window.editorView()->outputText(), QStringLiteral("O = [1.340, 1.321]"));
    QVERIFY(k->setData(k->index(0, 1), QStringLiteral("0.5")));
    QVERIFY(window.editorView()->messageText().isEmpty()); // a good edit clears the message
}

void TestMainWindow::addKeyButtonGrowsKAndV()
{
    MainWindow window;
    window.show();
    auto *add = window.findChild<QToolButton *>(QStringLiteral("add_K_key"));
    QVERIFY(add);
    QCOMPARE(add->text(), QStringLiteral("Add key"));
    QTest::mouseClick(add, Qt::LeftButton);
    attn::ui::QkvEditorView *view = window.editorView();
    QCOMPARE(view->tableView(TensorRole::Value)->model()->rowCount(), 3);
    QCOMPARE(view->heatmap()->keyCount(), 3);
    QCOMPARE(view->shapesText(), QStringLiteral("Q 1×2, K 3×2, V 3×2 → A 1×3, O 1×2"));

    auto *removeDim = window.findChild<QToolButton *>(QStringLiteral("remove_V_d_v"));
    QVERIFY(removeDim);
    QTest::mouseClick(removeDim, Qt::LeftButton);
    QTest::mouseClick(removeDim, Qt::LeftButton); // d_v = 1: refused with a message
    QCOMPARE(window.document()->valueDim(), 1);
    QVERIFY(view->messageText().contains(QStringLiteral("d_v")));
}

void TestMainWindow::xiaohongPreset()
{
    MainWindow window(QStringLiteral("xiaohong"));
    attn::ui::QkvEditorView *view = window.editorView();
    QCOMPARE(window.currentPresetId(), QStringLiteral("xiaohong"));
    QCOMPARE(window.document()->selectedQuery(), 4);
    QCOMPARE(window.document()->queryLabel(4), QStringLiteral("she"));
    QCOMPARE(view->shapesText(), QStringLiteral("Q 8×4, K 8×4, V 8×4 → A 8×8, O 8×4"));
    // "she" attends most to "Xiaohong" (a female person).
    const attn::Matrix &weights = window.document()->trace().heads[0].weights;
    attn::Index best = 0;
    weights.row(4).maxCoeff(&best);
    QCOMPARE(best, attn::Index(0));
    QVERIFY(view->barPlot()->title().contains(QStringLiteral("she")));
}

void TestMainWindow::presetChooserLoads()
{
    MainWindow window(QStringLiteral("no-such-preset"));
    QCOMPARE(window.currentPresetId(), QStringLiteral("worked-example")); // the fallback
    auto *chooser = window.findChild<QComboBox *>(QStringLiteral("presetChooser"));
    QVERIFY(chooser);
    QCOMPARE(chooser->count(), 3); // worked example, Xiaohong, 小红 (xiaohong-zh)
    QCOMPARE(chooser->itemText(0), QStringLiteral("Worked example"));
    QCOMPARE(chooser->itemText(2), QStringLiteral("小红 … 她"));
    chooser->setCurrentIndex(1);
    emit chooser->activated(1);
    QCOMPARE(window.currentPresetId(), QStringLiteral("xiaohong"));
    QCOMPARE(window.document()->keyCount(), 8);
    QCOMPARE(window.document()->undoStack()->count(), 0);
}

void TestMainWindow::switchingPresetAsksBeforeDroppingEdits()
{
    MainWindow window;
    auto *chooser = window.findChild<QComboBox *>(QStringLiteral("presetChooser"));
    attn::ui::MatrixTableModel *v = window.editorView()->model(TensorRole::Value);
    QVERIFY(v->setData(v->index(0, 0), QStringLiteral("5")));

    const auto answerWith = [this](QMessageBox::StandardButton answer) {
        QTimer::singleShot(0, this, [answer] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(answer)->click();
        });
    };
    answerWith(QMessageBox::Cancel);
    chooser->setCurrentIndex(1);
    emit chooser->activated(1);
    QCOMPARE(window.currentPresetId(), QStringLiteral("worked-example"));
    QCOMPARE(chooser->currentIndex(), 0);
    QCOMPARE(window.document()->tensor(TensorRole::Value)(0, 0), 5.0); // the edit is kept

    answerWith(QMessageBox::Discard);
    chooser->setCurrentIndex(1);
    emit chooser->activated(1);
    QCOMPARE(window.currentPresetId(), QStringLiteral("xiaohong"));
}

void TestMainWindow::badFileShowsTheError()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        R"({"format": "attention-lab.scenario", "version": 1, "Q": [[1, 0]], "K": [[1, 0, 0]], "V": [[1]]})");
    file.close();

    MainWindow window;
    QString shown;
    QTimer::singleShot(0, this, [&shown] {
        if (QWidget *box = QApplication::activeModalWidget()) {
            shown = box->findChild<QLabel *>(QStringLiteral("qt_msgbox_label"))->text();
            box->close();
        }
    });
    QVERIFY(!window.openScenarioFile(path));
    QVERIFY2(shown.contains(QStringLiteral("bad.json")), qPrintable(shown));
    QCOMPARE(window.currentPresetId(), QStringLiteral("worked-example")); // the scenario is kept
    QCOMPARE(window.editorView()->outputText(), QStringLiteral("O = [1.340, 1.321]"));
}

void TestMainWindow::uncomputableFileIsRefused()
{
    // It parses, but query "q" sees no key (both padded) under the "error" policy.
    const QString path = writeFile(QStringLiteral("nokey.json"), R"({"format": "attention-lab.scenario",
        "version": 1, "Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]],
        "mask": {"key_padding": [false, false], "all_masked_rows": "error"}})");
    MainWindow window;
    attn::ui::MatrixTableModel *v = window.editorView()->model(TensorRole::Value);
    QVERIFY(v->setData(v->index(0, 0), QStringLiteral("5"))); // an edit, with its undo step
    bool opened = true;
    const QString shown = openAndCatchMessage(window, path, &opened);
    QVERIFY(!opened);
    QVERIFY2(shown.contains(QStringLiteral("nokey.json")) &&
                 shown.contains(QStringLiteral("cannot be computed")) &&
                 shown.contains(QStringLiteral("sees no key")),
             qPrintable(shown));
    QCOMPARE(window.currentPresetId(), QStringLiteral("worked-example"));
    QCOMPARE(window.document()->tensor(TensorRole::Value)(0, 0), 5.0);
    QCOMPARE(window.document()->undoStack()->count(), 1);
    QCOMPARE(window.editorView()->heatmap()->keyCount(), 2);
}

void TestMainWindow::fileWithNullsLoadsWithANote()
{
    const QString path = writeFile(QStringLiteral("nulls.json"), R"({"format": "attention-lab.scenario",
        "version": 1, "query_tokens": ["q"], "key_tokens": ["a", "b", "c"],
        "Q": [[1, 0]], "K": [[1, 0], [0, 1], [1, 1]], "V": [[2, 0], [0, 4], [null, 1]]})");
    MainWindow window;
    bool opened = false;
    const QString shown = openAndCatchMessage(window, path, &opened);
    QVERIFY2(opened, qPrintable(shown));
    QVERIFY(shown.isEmpty());
    const QString message = window.editorView()->messageText();
    QVERIFY2(message.startsWith(QStringLiteral("Note: V[2][0] (key “c”) is NaN (null in the file); rows that "
                                               "attend to it get NaN")),
             qPrintable(message));
    QCOMPARE(window.document()->keyCount(), 3);
}

void TestMainWindow::fortyTokenFile()
{
    // 40 tokens: q_i = k_i = [cos θ_i, sin θ_i], θ_i = i·2π/40; V = identity rows of width 2.
    QJsonArray q;
    QJsonArray v;
    QJsonArray tokens;
    for (int i = 0; i < 40; ++i) {
        const double theta = i * 2 * M_PI / 40;
        q.append(QJsonArray{std::cos(theta), std::sin(theta)});
        v.append(QJsonArray{i % 2, 1 - i % 2});
        tokens.append(QStringLiteral("token%1").arg(i));
    }
    QJsonObject scenario{{QStringLiteral("format"), QStringLiteral("attention-lab.scenario")},
                         {QStringLiteral("version"), 1},
                         {QStringLiteral("title"), QStringLiteral("forty tokens on a circle")},
                         {QStringLiteral("query_tokens"), tokens},
                         {QStringLiteral("key_tokens"), tokens},
                         {QStringLiteral("Q"), q},
                         {QStringLiteral("K"), q},
                         {QStringLiteral("V"), v},
                         {QStringLiteral("mask"), QJsonObject{{QStringLiteral("causal"), true}}}};
    const QString path = writeFile(QStringLiteral("forty.json"), QJsonDocument(scenario).toJson());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bool opened = false;
    const QString shown = openAndCatchMessage(window, path, &opened);
    QVERIFY2(opened, qPrintable(shown));
    attn::ui::HeatmapPlot *heatmap = window.editorView()->heatmap();
    QCOMPARE(heatmap->keyCount(), 40);
    heatmap->replot(QCustomPlot::rpImmediateRefresh);
    heatmap->replot(QCustomPlot::rpImmediateRefresh);
    const QFontMetricsF metrics(heatmap->yAxis->tickLabelFont());
    const int rows = static_cast<int>(heatmap->queryTicks().size());
    QVERIFY2(rows * metrics.height() <= heatmap->axisRect()->height(),
             qPrintable(QStringLiteral("%1 labels on %2 px").arg(rows).arg(heatmap->axisRect()->height())));
    QVERIFY(window.editorView()->scoresText().contains(QStringLiteral("… (40 keys)")));
    QVERIFY(window.editorView()->messageText().isEmpty());
}

void TestMainWindow::xiaohongExplainsItsFeatures()
{
    MainWindow window(QStringLiteral("xiaohong"));
    const QString note = window.editorView()->scenarioNote();
    QVERIFY2(note.contains(QStringLiteral("K = V")) && note.contains(QStringLiteral("person, female")),
             qPrintable(note));
    window.loadPreset(QStringLiteral("worked-example")); // no comment: no note
    QVERIFY(window.editorView()->scenarioNote().isEmpty());
}

void TestMainWindow::querySelectorWidensWithThePreset()
{
    MainWindow window; // the worked example: one query, "q"
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *selector = window.findChild<QComboBox *>(QStringLiteral("querySelector"));
    QVERIFY(selector);
    QVERIFY(window.loadPreset(QStringLiteral("xiaohong")));
    QCoreApplication::processEvents();
    QCOMPARE(selector->currentText(), QStringLiteral("she"));
    const int needed = selector->fontMetrics().horizontalAdvance(QStringLiteral("Xiaohong"));
    // The toolbar lays the wider box out in a later event on a busy machine: wait for it.
    QTRY_VERIFY2_WITH_TIMEOUT(
        selector->width() > needed,
        qPrintable(QStringLiteral("%1 px for %2 px of text").arg(selector->width()).arg(needed)), 5000);
}

void TestMainWindow::undoButtonKeepsItsText()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *undo = findAction(window, QStringLiteral("Undo"));
    QVERIFY(undo);
    QVERIFY(!undo->isEnabled());
    auto *toolbar = window.findChild<QToolBar *>(QStringLiteral("scenarioToolBar"));
    QVERIFY(toolbar);
    QWidget *button = toolbar->widgetForAction(undo);
    QVERIFY(button);
    const int width = button->sizeHint().width();

    attn::ui::MatrixTableModel *k = window.editorView()->model(TensorRole::Key);
    QVERIFY(k->setData(k->index(1, 0), QStringLiteral("0.5")));
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    QVERIFY2(undo->toolTip().contains(QStringLiteral("K[1, 0]")), qPrintable(undo->toolTip()));
    QCOMPARE(button->sizeHint().width(), width);
    undo->trigger();
    QCOMPARE(window.document()->tensor(TensorRole::Key)(1, 0), 0.0);
    QAction *redo = findAction(window, QStringLiteral("Redo"));
    QVERIFY(redo->isEnabled());
    QVERIFY(redo->toolTip().contains(QStringLiteral("K[1, 0]")));
    QVERIFY(!undo->isEnabled());
}

void TestMainWindow::exportsTheCurrentFigures()
{
    MainWindow window;
    QTemporaryDir dir;
    QString error;
    QVERIFY2(window.exportFigures(dir.path(), QStringLiteral("svg"), &error), qPrintable(error));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("worked-example-weights.svg"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("worked-example-bars.svg"))));
}

void TestMainWindow::menusHaveOneFixedOrder()
{
    // Four controllers add to File and Edit; the slots keep one order whoever comes first.
    // Separators are written as "|".
    MainWindow window;
    const auto texts = [](QMenu *menu) {
        QStringList out;
        for (QAction *action : menu->actions()) {
            QString text = action->isSeparator() ? QStringLiteral("|") : action->text();
            text.remove(QLatin1Char('&'));
            out << text;
        }
        return out.join(QLatin1Char(' ')).simplified();
    };
    QVERIFY(window.fileMenu());
    QVERIFY(window.editMenu());
    QCOMPARE(
        texts(window.fileMenu()),
        QStringLiteral("Open workspace… Open recent Save workspace Save workspace as… | Open scenario… "
                       "Save scenario as… | Import matrix from CSV… Export matrix as CSV… | Open tensors… "
                       "Export as Python… | Open lessons folder… | Export figure… Export all figures of this "
                       "lesson… | Quit"));
    QCOMPARE(texts(window.editMenu()),
             QStringLiteral("Undo Redo | Copy figure | Undo history Preferences… |"));
    QCOMPARE(window.menuBar()->actions().value(0)->menu(), window.fileMenu());
}

void TestMainWindow::unknownLessonOrStepIsExplained()
{
    // `--lesson nope` and `--step 999` used to be reported on stderr only: a learner who started
    // the window from a menu saw nothing. Now a message box names what exists.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bool opened = true;
    QString shown =
        catchMessage([&] { return window.openLessonOrExplain(QStringLiteral("nope"), 0); }, &opened);
    QVERIFY(!opened);
    QVERIFY2(
        shown.startsWith(QStringLiteral("There is no lesson “nope”. The lessons are: 01-why-attention, ")),
        qPrintable(shown));
    // Every lesson is named, in id order; the last one ends the sentence.
    QVERIFY2(
        shown.contains(QStringLiteral("16-baselines, 17-heads-are-learned, 18-does-she-find-xiaohong, ")) &&
            shown.contains(QStringLiteral("21-precision.")),
        qPrintable(shown));
    shown = catchMessage(
        [&] { return window.openLessonOrExplain(QStringLiteral("02-query-key-value"), 998); }, &opened);
    QVERIFY(!opened);
    QVERIFY2(shown.contains(QStringLiteral("Lesson “02-query-key-value” has ")) &&
                 shown.contains(QStringLiteral("; there is no step 999.")),
             qPrintable(shown));
    QVERIFY(window.lessonNavigator()->currentLesson()); // the window shows a lesson all the same
    shown = catchMessage([&] { return window.openLessonOrExplain(QStringLiteral("02-query-key-value"), 1); },
                         &opened);
    QVERIFY(opened);
    QVERIFY(shown.isEmpty());
    QCOMPARE(window.lessonNavigator()->currentStep(), 1);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
