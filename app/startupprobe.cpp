#include "startupprobe.h"

#include <QApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <sys/resource.h>

#include <cstdio>

namespace attn::app {

namespace {

/// Watches the window's paint events and reports the first one.
class FirstPaintWatcher : public QObject {
public:
    FirstPaintWatcher(QWidget &window, bool quit) : QObject(&window), m_quit(quit) {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            // Reported after this paint event has been handled, i.e. once the window has pixels.
            QTimer::singleShot(0, this, [this] {
                std::printf("first paint: %lld ms after main(), peak RSS %.1f MiB\n",
                            static_cast<long long>(startupClock().elapsed()), peakResidentMiB());
                std::fflush(stdout);
                if (m_quit) QApplication::quit();
            });
        }
        (void)watched;
        return false;
    }

private:
    bool m_quit;
    bool m_done = false;
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

void reportFirstPaint(QWidget &window, bool quit)
{
    auto *watcher = new FirstPaintWatcher(window, quit);
    window.installEventFilter(watcher);
}

} // namespace attn::app
