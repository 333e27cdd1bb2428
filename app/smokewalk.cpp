#include "smokewalk.h"

#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPixmap>
#include <QUndoStack>

#include <atomic>
#include <cstdio>

namespace attn::app {

namespace {

std::atomic<int> g_warnings{0};
QtMessageHandler g_previous = nullptr;

void countingHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    // The offscreen plugin's notices that it lacks a window-system feature are not faults.
    const bool platformNotice = message.startsWith(QLatin1String("This plugin does not support "));
    if ((type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg) && !platformNotice)
        ++g_warnings;
    if (g_previous) g_previous(type, context, message);
}

/// Lets queued work (deferred view handlers, queued replots) and the repaint run.
void settle(QWidget &window)
{
    QElapsedTimer timer;
    timer.start();
    do {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    } while (timer.elapsed() < 60);
    window.repaint();
}

/// Edits one cell and undoes it; false when the undo did not restore the exact value.
bool editAndUndo(doc::ScenarioDocument &document, QString *what)
{
    const bool haveQuery = document.tensor(doc::TensorRole::Query).size() > 0;
    const doc::TensorRole role = haveQuery ? doc::TensorRole::Query : doc::TensorRole::Value;
    const double before = document.tensor(role)(0, 0);
    *what = QStringLiteral("%1[0][0]").arg(doc::tensorName(role));
    if (!document.setCell(role, 0, 0, before + 0.25)) return true; // refused (e.g. overflow): nothing to undo
    document.undoStack()->undo();
    return document.tensor(role)(0, 0) == before;
}

} // namespace

void countQtWarnings()
{
    g_previous = qInstallMessageHandler(countingHandler);
}

int qtWarningCount()
{
    return g_warnings.load();
}

int runSmokeWalk(ui::MainWindow &window, const QString &outDir)
{
    if (!QDir().mkpath(outDir)) {
        std::fprintf(stderr, "attention-lab: cannot create the folder \"%s\"\n", qPrintable(outDir));
        return 1;
    }
    const QDir dir(outDir);
    int failures = 0;
    int steps = 0;
    window.show();
    settle(window);
    for (const lessons::Lesson &lesson : window.lessonNavigator()->library().lessons) {
        for (int step = 0; step < int(lesson.steps.size()); ++step) {
            ++steps;
            const int warningsBefore = qtWarningCount();
            QString problem;
            if (!window.openLesson(lesson.id, step)) {
                problem = QStringLiteral("did not open");
            } else {
                settle(window);
                QString edited;
                if (!editAndUndo(*window.document(), &edited))
                    problem = QStringLiteral("undo of an edit of %1 did not restore it").arg(edited);
                settle(window);
                const QString file =
                    dir.filePath(QStringLiteral("%1-step%2.png").arg(lesson.id).arg(step + 1));
                if (!window.grab().save(file)) problem = QStringLiteral("cannot write %1").arg(file);
            }
            const int warnings = qtWarningCount() - warningsBefore;
            if (warnings > 0 && problem.isEmpty()) problem = QStringLiteral("%1 Qt warning(s)").arg(warnings);
            if (!problem.isEmpty()) ++failures;
            std::printf("%s step %d: %s\n", qPrintable(lesson.id), step + 1,
                        problem.isEmpty() ? "ok" : qPrintable(problem));
            std::fflush(stdout);
        }
    }
    std::printf("smoke walk: %d steps, %d failed, %d Qt warning(s)\n", steps, failures, qtWarningCount());
    return failures == 0 && steps > 0 && qtWarningCount() == 0 ? 0 : 1;
}

bool applyCellEdit(ui::MainWindow &window, const QString &spec)
{
    const QStringList parts = spec.split(QLatin1Char(','));
    if (parts.size() != 4) return false;
    const QString name = parts.at(0).trimmed();
    const doc::TensorRole role = name == QLatin1String("K")   ? doc::TensorRole::Key
                                 : name == QLatin1String("V") ? doc::TensorRole::Value
                                                              : doc::TensorRole::Query;
    if (name != QLatin1String("Q") && role == doc::TensorRole::Query) return false;
    bool rowOk = false, columnOk = false, valueOk = false;
    const int row = parts.at(1).toInt(&rowOk);
    const int column = parts.at(2).toInt(&columnOk);
    const double value = parts.at(3).toDouble(&valueOk);
    return rowOk && columnOk && valueOk && window.document()->setCell(role, row, column, value);
}

} // namespace attn::app
