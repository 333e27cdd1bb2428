#include "startupprobe.h"

#include "ui/document/scenariodocument.h"

#include <QApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <sys/resource.h>

#include <cstdio>

namespace attn::app {

namespace {

bool &reportDone()
{
    static bool done = false;
    return done;
}

/// "first paint: N ms after main(), peak RSS M MiB" (or another `what`).
QString timeAndMemory(const char *what)
{
    return QStringLiteral("%1: %2 ms after main(), peak RSS %3 MiB")
        .arg(QLatin1String(what))
        .arg(startupClock().elapsed())
        .arg(peakResidentMiB(), 0, 'f', 1);
}

/// "4096 × 4096 × 8 heads": the sizes of the trace the window shows.
QString traceSizes(const doc::ScenarioDocument &document)
{
    const Shapes &s = document.trace().shapes;
    return QStringLiteral("%1 × %2 × %3 heads").arg(s.n_q).arg(s.n_k).arg(s.num_query_heads);
}

void printLine(const QString &line)
{
    std::printf("%s\n", line.toUtf8().constData());
    std::fflush(stdout);
}

/// Watches the window's paint events and reports the first one, then the first full picture.
class FirstPaintWatcher : public QObject {
public:
    FirstPaintWatcher(QWidget &window, const doc::ScenarioDocument &document, bool quit)
        : QObject(&window), m_window(window), m_document(document), m_quit(quit)
    {
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            // Reported after this paint event has been handled, i.e. once the window has pixels.
            QTimer::singleShot(0, this, [this] { firstPainted(); });
        }
        (void)watched;
        return false;
    }

private:
    void firstPainted()
    {
        QString line = timeAndMemory("first paint") + QStringLiteral(", ") + traceSizes(m_document);
        if (!startupRefusal().isEmpty())
            line += QStringLiteral("; the file was refused: ") + QString(startupRefusal()).replace('\n', ' ');
        if (!m_document.computing()) {
            printLine(line);
            finish();
            return;
        }
        printLine(line + QStringLiteral(", computing in the background"));
        connect(&m_document, &doc::ScenarioDocument::loadRefused, this, [this](const QString &reason) {
            printLine(timeAndMemory("refused") + QStringLiteral(": ") + QString(reason).replace('\n', ' '));
            finish();
        });
        connect(&m_document, &doc::ScenarioDocument::computingChanged, this, [this](bool computing) {
            if (computing) return;
            // After the views took the new trace (their slots ran first): paint everything now.
            QTimer::singleShot(0, this, [this] {
                if (m_finished) return; // refused: said so already
                m_window.repaint();
                printLine(timeAndMemory("full picture") + QStringLiteral(", ") + traceSizes(m_document));
                finish();
            });
        });
    }

    void finish()
    {
        m_finished = true;
        reportDone() = true;
        if (!m_quit) return;
        // A refusal's message box runs an event loop of its own: close it, so main() goes on.
        for (int i = 0; i < 8 && QApplication::activeModalWidget(); ++i)
            QApplication::activeModalWidget()->close();
        QApplication::quit();
    }

    QWidget &m_window;
    const doc::ScenarioDocument &m_document;
    bool m_quit;
    bool m_done = false;     // the first paint was seen
    bool m_finished = false; // the last line was printed
};

} // namespace

QElapsedTimer &startupClock()
{
    static QElapsedTimer clock;
    return clock;
}

double peakResidentMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
}

void reportFirstPaint(QWidget &window, const doc::ScenarioDocument &document, bool quit)
{
    auto *watcher = new FirstPaintWatcher(window, document, quit);
    window.installEventFilter(watcher);
}

bool startupReportDone()
{
    return reportDone();
}

QString &startupRefusal()
{
    static QString reason;
    return reason;
}

} // namespace attn::app
