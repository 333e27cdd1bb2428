// The RNN-vs-attention paths view (offscreen): path lengths |i − j| and ⌈|i − j| / w⌉ from the
// spin boxes, n from the scenario's tokens, clicking nodes, the animation, the steps-vs-n plot's
// numbers, resetViewState, and PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/paths/pathscanvas.h"
#include "ui/views/paths/pathsview.h"
#include "workedexample.h"

#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using attn::doc::ScenarioDocument;
using attn::ui::PathsView;

namespace {

/// "The keys that the man left on the old table were lost": 12 tokens, d = 1.
attn::Scenario sentence()
{
    attn::Scenario s;
    s.query_tokens = {"The", "keys", "that", "the",   "man",  "left",
                      "on",  "the",  "old",  "table", "were", "lost"};
    s.key_tokens = s.query_tokens;
    s.query = attn::Matrix::Ones(12, 1);
    s.key = attn::Matrix::Ones(12, 1);
    s.value = attn::Matrix::Ones(12, 1);
    return s;
}

QSpinBox *spin(const PathsView &view, const char *name)
{
    return view.findChild<QSpinBox *>(QString::fromLatin1(name));
}

QPushButton *button(const PathsView &view, const char *name)
{
    return view.findChild<QPushButton *>(QString::fromLatin1(name));
}

} // namespace

class TestPathsView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void defaultsFollowTheScenario();
    void pathLengths_data();
    void pathLengths();
    void changingNPutsIAndJAtTheEnds();
    void clickingNodesChoosesIAndJ();
    void animationStepsAndPlays();
    void resetRestoresDefaults();
    void signalsTaskValuesChanged();
    void tooltipsAndLabels();
    void fitsTheWindow();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
    void exportRefusesBadInput();
};

void TestPathsView::defaultsFollowTheScenario()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("n"), 12.0);
    QCOMPARE(v.value("i"), 0.0);
    QCOMPARE(v.value("j"), 11.0);
    QCOMPARE(v.value("window"), 0.0);
    QCOMPARE(v.value("recurrent_steps"), 11.0);
    QCOMPARE(v.value("attention_layers"), 1.0);
    QCOMPARE(v.value("animation_step"), 0.0);
    QCOMPARE(v.value("rnn_sequential_steps"), 12.0);
    QCOMPARE(v.value("attention_sequential_steps"), 1.0);
    QCOMPARE(view.canvas()->state().labels.value(1), QStringLiteral("keys"));
    QCOMPARE(spin(view, "pathsJ")->maximum(), 11);

    // Two keys: n = 2 (the smallest); the plot's steps are n for the RNN and 1 for attention.
    QVERIFY(document.load(attn::test::workedExample()));
    view.resetViewState();
    QCOMPARE(view.n(), 2);
    QCOMPARE(view.canvas()->state().labels, QStringList({"k1", "k2"}));
    const attn::ui::PathsState &s = view.canvas()->state();
    QCOMPARE(s.rnnSteps.size(), std::size_t(PathsView::kMaxN));
    QCOMPARE(s.rnnSteps[9], std::uint64_t(10));
    QCOMPARE(s.attentionSteps[9], std::uint64_t(1));
}

void TestPathsView::pathLengths_data()
{
    QTest::addColumn<int>("i");
    QTest::addColumn<int>("j");
    QTest::addColumn<int>("window");
    QTest::addColumn<double>("recurrent");
    QTest::addColumn<double>("layers");
    QTest::addRow("keys→were, global") << 1 << 10 << 0 << 9.0 << 1.0;
    QTest::addRow("were→keys, global") << 10 << 1 << 0 << 9.0 << 1.0;
    QTest::addRow("i = j") << 3 << 3 << 0 << 0.0 << 0.0;
    QTest::addRow("ends, w = 4: 0→4→8→11") << 0 << 11 << 4 << 11.0 << 3.0;
    QTest::addRow("ends, w = 5") << 0 << 11 << 5 << 11.0 << 3.0;
    QTest::addRow("ends, w = 3: 4 layers") << 0 << 11 << 3 << 11.0 << 4.0;
    QTest::addRow("ends, w = 11: one layer") << 0 << 11 << 11 << 11.0 << 1.0;
    QTest::addRow("2 and 9, w = 2") << 2 << 9 << 2 << 7.0 << 4.0;
}

void TestPathsView::pathLengths()
{
    QFETCH(int, i);
    QFETCH(int, j);
    QFETCH(int, window);
    QFETCH(double, recurrent);
    QFETCH(double, layers);
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    spin(view, "pathsI")->setValue(i);
    spin(view, "pathsJ")->setValue(j);
    spin(view, "pathsWindow")->setValue(window);
    QCOMPARE(view.taskValues().value("recurrent_steps"), recurrent);
    QCOMPARE(view.taskValues().value("attention_layers"), layers);
    QCOMPARE(view.canvas()->state().recurrentSteps, std::uint64_t(recurrent));
    QCOMPARE(view.canvas()->state().attentionLayers, std::uint64_t(layers));
}

void TestPathsView::changingNPutsIAndJAtTheEnds()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    spin(view, "pathsI")->setValue(4);
    spin(view, "pathsN")->setValue(64);
    QCOMPARE(view.i(), 0);
    QCOMPARE(view.j(), 63);
    QCOMPARE(spin(view, "pathsI")->maximum(), 63);
    QCOMPARE(view.taskValues().value("rnn_sequential_steps"), 64.0);
    QCOMPARE(view.taskValues().value("attention_sequential_steps"), 1.0);
    // Lesson 9, step 4: the smallest window that connects 0 and 63 in 4 layers is 16.
    spin(view, "pathsWindow")->setValue(15);
    QCOMPARE(view.attentionLayers(), std::uint64_t(5));
    spin(view, "pathsWindow")->setValue(16);
    QCOMPARE(view.attentionLayers(), std::uint64_t(4));
    // More positions than tokens: the nodes are numbered.
    QCOMPARE(view.canvas()->state().labels.value(40), QStringLiteral("40"));
    QCOMPARE(view.canvas()->title(), QStringLiteral("From position i = 0 to j = 63, n = 64"));
    spin(view, "pathsN")->setValue(1000); // clamped by the spin box
    QCOMPARE(view.n(), PathsView::kMaxN);
}

void TestPathsView::clickingNodesChoosesIAndJ()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    view.resize(1000, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attn::ui::PathsCanvas *canvas = view.canvas();
    QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->nodeCenter(4, false).toPoint());
    QCOMPARE(view.i(), 4);
    QTest::mouseClick(canvas, Qt::LeftButton, Qt::ShiftModifier, canvas->nodeCenter(7, true).toPoint());
    QCOMPARE(view.j(), 7);
    QTest::mouseClick(canvas, Qt::RightButton, {}, canvas->nodeCenter(2, false).toPoint());
    QCOMPARE(view.j(), 2);
    QCOMPARE(view.i(), 4);
    QCOMPARE(view.recurrentSteps(), std::uint64_t(2));
    // A click between the rows chooses nothing.
    const QPointF between = (canvas->nodeCenter(5, false) + canvas->nodeCenter(5, true)) / 2;
    QTest::mouseClick(canvas, Qt::LeftButton, {}, between.toPoint());
    QCOMPARE(view.i(), 4);
}

void TestPathsView::animationStepsAndPlays()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    QPushButton *step = button(view, "pathsStep");
    QPushButton *rewind = button(view, "pathsRewind");
    QVERIFY(step && rewind && button(view, "pathsPlay"));
    QVERIFY(!rewind->isEnabled());
    for (int k = 0; k < 5; ++k) step->click();
    QCOMPARE(view.animationStep(), 5);
    QVERIFY(view.canvas()->animationCaption().contains(QStringLiteral("computed 5 of 12 states")));
    for (int k = 0; k < 7; ++k) step->click();
    QCOMPARE(view.taskValues().value("animation_step"), 12.0);
    QVERIFY(!step->isEnabled()); // the RNN has finished
    rewind->click();
    QCOMPARE(view.animationStep(), 0);

    QPushButton *play = button(view, "pathsPlay");
    play->click();
    QVERIFY(view.isPlaying());
    QCOMPARE(play->text(), QStringLiteral("Pause"));
    QTRY_VERIFY_WITH_TIMEOUT(view.animationStep() >= 2, 3000);
    play->click();
    QVERIFY(!view.isPlaying());
    const int paused = view.animationStep();
    QTest::qWait(2 * PathsView::kAnimationMs);
    QCOMPARE(view.animationStep(), paused);
    // Playing to the end stops by itself.
    view.setPlaying(true);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isPlaying(), 12 * PathsView::kAnimationMs + 2000);
    QCOMPARE(view.animationStep(), 12);
}

void TestPathsView::resetRestoresDefaults()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    const QMap<QString, double> defaults = view.taskValues();
    spin(view, "pathsN")->setValue(30);
    spin(view, "pathsI")->setValue(5);
    spin(view, "pathsWindow")->setValue(3);
    button(view, "pathsStep")->click();
    view.setPlaying(true);
    QVERIFY(view.taskValues() != defaults);
    view.resetViewState();
    QCOMPARE(view.taskValues(), defaults);
    QVERIFY(!view.isPlaying());
    // Also when n is already the default but i, j or the animation are not.
    spin(view, "pathsI")->setValue(3);
    button(view, "pathsStep")->click();
    view.resetViewState();
    QCOMPARE(view.taskValues(), defaults);
}

void TestPathsView::signalsTaskValuesChanged()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    QSignalSpy spy(&view, &attn::ui::FigureView::taskValuesChanged);
    spin(view, "pathsWindow")->setValue(2);
    QVERIFY(spy.count() >= 1);
    const int before = static_cast<int>(spy.count());
    button(view, "pathsStep")->click();
    QVERIFY(spy.count() > before);
}

void TestPathsView::tooltipsAndLabels()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    view.setPositions(1, 10);
    QCOMPARE(view.canvas()->rnnCaption(), QStringLiteral("RNN: |10 − 1| = 9 recurrent steps from i to j"));
    QVERIFY(view.canvas()->attentionCaption().startsWith(QStringLiteral("Global attention: 1 hop")));
    view.setWindow(4);
    QCOMPARE(view.canvas()->attentionCaption(),
             QStringLiteral(
                 "Attention with a window of w = 4 positions on each side: ⌈9 / 4⌉ = 3 stacked layers"));
    QCOMPARE(view.canvas()->title(),
             QStringLiteral("From position i = 1 (“keys”) to j = 10 (“were”), n = 12"));
    const QString tip = view.canvas()->nodeToolTip(1);
    QVERIFY2(tip.startsWith(QStringLiteral("position 1 “keys”")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("h_1 needs h_0")));
    QVERIFY(tip.contains(QStringLiteral("reads positions 0 … 5")));
    QVERIFY(view.canvas()->nodeToolTip(12).isEmpty());
}

void TestPathsView::fitsTheWindow()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    QVERIFY2(view.minimumSizeHint().width() <= 760,
             qPrintable(QString::number(view.minimumSizeHint().width())));
    QVERIFY(view.minimumSizeHint().height() <= 480);
}

void TestPathsView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestPathsView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    view.setPositions(1, 10);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("paths.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(1000, 560), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(1000, 560));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (format == QLatin1String("png")) {
        // The RNN's path is orange and attention's arc blue: both are drawn.
        const QImage image(path);
        bool orange = false, blue = false;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) {
                const QColor c = image.pixelColor(x, y);
                orange |= c.red() > 200 && c.green() > 90 && c.green() < 130 && c.blue() < 40;
                blue |= c.red() < 50 && c.green() > 90 && c.green() < 120 && c.blue() > 120 && c.blue() < 160;
            }
        QVERIFY(orange);
        QVERIFY(blue);
    }
    if (format == QLatin1String("svg")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(!svg.contains("<image"));
        QVERIFY(svg.contains("keys"));
    }
}

void TestPathsView::exportRefusesBadInput()
{
    ScenarioDocument document;
    QVERIFY(document.load(sentence()));
    PathsView view(&document);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QVERIFY(error.contains(QStringLiteral("gif")));
    QVERIFY(!view.exportTo(dir.filePath("a.png"), QStringLiteral("png"), QSize(0, 100), &error));
    QVERIFY(!QFile::exists(dir.filePath("a.png")));
}

QTEST_MAIN(TestPathsView)
#include "tst_pathsview.moc"
