// Vector figures and colour maps: heatmaps in SVG/PDF are one touching rectangle per cell with no
// embedded image, in the colour map chosen in the settings (viridis or cividis).
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonstage.h"
#include "ui/plots/colorbar.h"
#include "ui/plots/heatmapplot.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/weightgrid.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <set>
#include <vector>

using attn::ui::AppSettings;
using attn::ui::ColorMapKind;

Q_DECLARE_METATYPE(attn::ui::ColorMapKind)

namespace {

/// 3 queries × 4 keys with hand-picked weights: 0 and 1 hit the ends of the map; key 3 of
/// query 0 is masked (grey).
attn::HeadTrace knownHead()
{
    attn::HeadTrace head;
    head.weights.resize(3, 4);
    head.weights << 0.0, 1.0, 0.0, 0.0, //
        0.25, 0.25, 0.5, 0.0,           //
        0.5, 0.0, 0.0, 0.5;
    head.logits = attn::Matrix::Zero(3, 4);
    head.visible.resize(3, 4);
    head.visible << true, true, true, false, //
        true, true, true, true,              //
        true, true, true, true;
    head.output = attn::Matrix::Zero(3, 1);
    return head;
}

/// A filled <rect> of an SVG written by QSvgGenerator (the fill is on the enclosing <g>).
struct SvgRect {
    QRectF rect;
    QString fill;
};

/// Every filled rectangle of `svg` in document order, and the number of <image> elements.
std::vector<SvgRect> filledRects(const QByteArray &svg, int *images)
{
    std::vector<SvgRect> rects;
    QStringList fills; // the fill of each open <g>
    QXmlStreamReader xml(svg);
    *images = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QXmlStreamAttributes a = xml.attributes();
            if (xml.name() == QLatin1String("g"))
                fills << (a.hasAttribute(QStringLiteral("fill"))
                              ? a.value(QStringLiteral("fill")).toString()
                              : (fills.isEmpty() ? QString() : fills.last()));
            else if (xml.name() == QLatin1String("image"))
                ++*images;
            else if (xml.name() == QLatin1String("rect") && !fills.isEmpty() && fills.last().startsWith('#'))
                rects.push_back(
                    {QRectF(a.value(QStringLiteral("x")).toDouble(), a.value(QStringLiteral("y")).toDouble(),
                            a.value(QStringLiteral("width")).toDouble(),
                            a.value(QStringLiteral("height")).toDouble()),
                     fills.last()});
        } else if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            fills.removeLast();
        }
    }
    if (xml.hasError()) qWarning() << "SVG does not parse:" << xml.errorString();
    return rects;
}

/// True when the RGB components of `a` and `b` differ by at most `tolerance` (0 … 255).
bool near(const QColor &a, const QColor &b, int tolerance)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

class TestFigureVector : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void cleanup();
    void mapsStartAndEndAtTheirStops();
    void heatmapSvgIsOneRectanglePerCell_data();
    void heatmapSvgIsOneRectanglePerCell();
    void heatmapPdfHasNoImage();
    void heatmapFollowsTheSetting();
    void paintedGridFollowsTheSetting();
    void noLessonFigureEmbedsAnImage();

private:
    QTemporaryDir m_dir;
};

void TestFigureVector::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
}

void TestFigureVector::cleanup()
{
    AppSettings::instance().setColorMap(ColorMapKind::Viridis);
}

void TestFigureVector::mapsStartAndEndAtTheirStops()
{
    // viridis #440154 … #fde725; cividis #00224e … #fee838 (matplotlib's tables).
    QCOMPARE(attn::ui::viridisColor(0.0), QColor(0x44, 0x01, 0x54));
    QCOMPARE(attn::ui::viridisColor(1.0), QColor(0xfd, 0xe7, 0x25));
    QCOMPARE(attn::ui::cividisColor(0.0), QColor(0x00, 0x22, 0x4e));
    QCOMPARE(attn::ui::cividisColor(1.0), QColor(0xfe, 0xe8, 0x38));
    QCOMPARE(attn::ui::cividisColor(0.5), QColor(0x7d, 0x7c, 0x78));     // a stop: no interpolation
    QCOMPARE(attn::ui::cividisColor(-3.0), attn::ui::cividisColor(0.0)); // clamped
    QCPColorGradient cividis = attn::ui::cividisGradient();
    QCOMPARE(QColor(cividis.color(0.0, QCPRange(0, 1))), QColor(0x00, 0x22, 0x4e));
    QCOMPARE(QColor(cividis.color(1.0, QCPRange(0, 1))), QColor(0xfe, 0xe8, 0x38));
    AppSettings::instance().setColorMap(ColorMapKind::Cividis);
    QCOMPARE(attn::ui::currentMapColor(0.0), QColor(0x00, 0x22, 0x4e));
    AppSettings::instance().setColorMap(ColorMapKind::Viridis);
    QCOMPARE(attn::ui::currentMapColor(0.0), QColor(0x44, 0x01, 0x54));
}

void TestFigureVector::heatmapSvgIsOneRectanglePerCell_data()
{
    QTest::addColumn<ColorMapKind>("kind");
    QTest::addRow("viridis") << ColorMapKind::Viridis;
    QTest::addRow("cividis") << ColorMapKind::Cividis;
}

void TestFigureVector::heatmapSvgIsOneRectanglePerCell()
{
    QFETCH(ColorMapKind, kind);
    AppSettings::instance().setColorMap(kind);
    const attn::HeadTrace head = knownHead();
    attn::ui::HeatmapPlot plot;
    plot.setHead(head, {}, {});
    plot.setSelectedQuery(-1);
    const QString path = m_dir.filePath(QStringLiteral("heatmap.svg"));
    QString error;
    QVERIFY2(plot.exportTo(path, QStringLiteral("svg"), QSize(800, 600), &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    int images = -1;
    std::vector<SvgRect> rects = filledRects(file.readAll(), &images);
    QCOMPARE(images, 0);
    // The white background is the one rectangle of the whole figure; the others are the cells.
    QVERIFY(!rects.empty());
    QCOMPARE(rects.front().rect, QRectF(0, 0, 800, 600));
    rects.erase(rects.begin());
    QCOMPARE(int(rects.size()), 3 * 4);

    // Row-major, touching: each cell starts where its left / upper neighbour ends.
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) {
            const QRectF cell = rects[std::size_t(i * 4 + j)].rect;
            QVERIFY(cell.width() > 100 && cell.height() > 100);
            if (j > 0) {
                const QRectF left = rects[std::size_t(i * 4 + j - 1)].rect;
                QCOMPARE(cell.left(), left.right());
                QCOMPARE(cell.top(), left.top());
                QCOMPARE(cell.height(), left.height());
            }
            if (i > 0) {
                const QRectF up = rects[std::size_t((i - 1) * 4 + j)].rect;
                QCOMPARE(cell.top(), up.bottom());
                QCOMPARE(cell.left(), up.left());
            }
        }
    // Colours: weight 0 is the map's first stop, 1 its last, the masked cell grey.
    const auto fill = [&](int i, int j) { return QColor(rects[std::size_t(i * 4 + j)].fill); };
    QCOMPARE(fill(0, 0), attn::ui::colorMapColor(kind, 0.0));
    QCOMPARE(fill(0, 1), attn::ui::colorMapColor(kind, 1.0));
    QCOMPARE(fill(0, 3), attn::ui::maskedColor());
    QCOMPARE(fill(2, 1), attn::ui::colorMapColor(kind, 0.0));
    // In between, the gradient's 350 levels stay within a step of the exact colour.
    QVERIFY2(near(fill(1, 2), attn::ui::colorMapColor(kind, 0.5), 2), qPrintable(fill(1, 2).name()));
    QVERIFY2(near(fill(1, 0), attn::ui::colorMapColor(kind, 0.25), 2), qPrintable(fill(1, 0).name()));
}

void TestFigureVector::heatmapPdfHasNoImage()
{
    attn::ui::HeatmapPlot plot;
    plot.setHead(knownHead(), {}, {});
    const QString path = m_dir.filePath(QStringLiteral("heatmap.pdf"));
    QString error;
    QVERIFY2(plot.exportTo(path, QStringLiteral("pdf"), QSize(800, 600), &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray pdf = file.readAll();
    QVERIFY(pdf.startsWith("%PDF"));
    QVERIFY(!pdf.contains("/Subtype /Image"));
    QVERIFY(!pdf.contains("/Subtype/Image"));
}

void TestFigureVector::heatmapFollowsTheSetting()
{
    attn::ui::HeatmapPlot plot;
    plot.setHead(knownHead(), {}, {});
    const QCPRange unit(0, 1);
    QCOMPARE(plot.colorMap()->dataRange(), unit); // probabilities: the fixed range [0, 1]
    QCOMPARE(QColor(plot.colorMap()->gradient().color(0.0, unit)), QColor(0x44, 0x01, 0x54));
    AppSettings::instance().setColorMap(ColorMapKind::Cividis);
    QCOMPARE(QColor(plot.colorMap()->gradient().color(0.0, unit)), QColor(0x00, 0x22, 0x4e));
    QCOMPARE(QColor(plot.colorScale()->gradient().color(1.0, unit)), QColor(0xfe, 0xe8, 0x38));
    QCOMPARE(plot.colorScale()->dataRange(), unit);
    // On screen too: the top-left cell (weight 0) is painted in cividis' first stop.
    plot.resize(800, 600);
    const QImage shot = plot.toPixmap(800, 600).toImage();
    const QPoint cell(qRound(plot.xAxis->coordToPixel(0) - 20), qRound(plot.yAxis->coordToPixel(0) - 20));
    QCOMPARE(shot.pixelColor(cell), QColor(0x00, 0x22, 0x4e));
}

void TestFigureVector::paintedGridFollowsTheSetting()
{
    for (ColorMapKind kind : {ColorMapKind::Viridis, ColorMapKind::Cividis}) {
        AppSettings::instance().setColorMap(kind);
        QImage image(400, 300, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        attn::ui::paintWeightGrid(painter, QRectF(0, 0, 400, 300), knownHead(), -1, QFont());
        painter.end();
        // Cell (0, 0) spans 100 × 100 px; its corner is clear of the text.
        QCOMPARE(image.pixelColor(8, 8), attn::ui::colorMapColor(kind, 0.0));
        QCOMPARE(image.pixelColor(108, 8), attn::ui::colorMapColor(kind, 1.0));
        QCOMPARE(image.pixelColor(308, 8), attn::ui::maskedColor());
    }
}

void TestFigureVector::noLessonFigureEmbedsAnImage()
{
    // Every figure of every shipped lesson, as SVG: no raster image anywhere.
    const attn::lessons::LessonLibrary library = attn::lessons::loadShippedLessons();
    QVERIFY(!library.lessons.empty());
    const QString dir = m_dir.filePath(QStringLiteral("lessons"));
    int files = 0;
    for (const attn::lessons::Lesson &lesson : library.lessons) {
        QStringList written;
        QString error;
        QVERIFY2(attn::lessons::exportLessonFigures(lesson, dir, QStringLiteral("svg"), QSize(800, 600),
                                                    &written, &error),
                 qPrintable(error));
        for (const QString &path : written) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains("<image"), qPrintable(path));
            ++files;
        }
    }
    QVERIFY(files > 20);
}

QTEST_MAIN(TestFigureVector)
#include "tst_figurevector.moc"
