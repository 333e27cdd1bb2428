// Every figure in Simplified Chinese: each view's figure, written as SVG under the zh_CN interface on
// the Chinese Xiaohong sentence, holds no English word outside the field's symbols (Q, K, V, softmax,
// RoPE, …), and names a CJK font for its text; the PDF embeds one.
#include "machinewords.h"
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/figureexport.h"
#include "ui/shell/translation.h"
#include "ui/views/common/figureview.h"
#include "ui/views/viewregistry.h"

#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <utility>

namespace {

/// Terms the Chinese text keeps as they are: symbols and names of the field, units, file names.
const QSet<QString> &allowed()
{
    static const QSet<QString> words = {
        "softmax", "RoPE", "ALiBi", "key_padding", "all_masked_rows", "causal", "window", "head_dim", "n_q",
        "n_k", "d_k", "d_v", "d_model", "W_o", "W_q", "W_k", "W_v", "MHA", "GQA", "MQA", "NaN", "FLOP",
        "FLOPs", "GiB", "MiB", "KiB", "GB", "MB", "KB", "TB", "PB", "EB", "ms", "max", "min", "sum", "exp",
        "log", "dot", "cos", "sin", "zero", "uniform", "error", "nan", "scaled", "additive", "general",
        "bilinear", "cosine", "mean", "conv", "RNN", "GFLOP", "tiled", "naive", "linear", "float16",
        "float32", "float64", "bfloat16", "f16", "f32", "KV", "QK", "Xavier", "tanh", "inf", "top", "left",
        "bottom", "right", "Attention", "Lab", "logit", "logits", "pos_q", "pos_k", "TiB", "PiB",
        "FlashAttention", "Dao", "B_r", "B_c", "h_t", "Elman", "MLP",
        // the authors a figure cites (attention rollout: Abnar & Zuidema 2020)
        "Abnar", "Zuidema",
        // the measuring view's label of the machine, and the words of the machine's own name
        "CPU"};
    static const QSet<QString> withMachine = words + attn::test::cpuModelWords();
    return withMachine;
}

/// The words of three or more Latin letters in the <text> elements of `svg` that are not allowed().
QStringList englishWords(const QByteArray &svg)
{
    QStringList found;
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z_]{3,}[0-9]*"));
    for (auto t = text.globalMatch(QString::fromUtf8(svg)); t.hasNext();) {
        // The text as drawn: XML's character entities (&amp; &lt; …) are not words.
        QString content = t.next().captured(1);
        for (const auto &[entity, character] :
             {std::pair{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}})
            content.replace(QLatin1String(entity), QLatin1String(character));
        for (auto w = word.globalMatch(content); w.hasNext();) {
            const QString candidate = w.next().captured(0);
            if (!allowed().contains(candidate))
                found << QStringLiteral("%1 (in “%2”)").arg(candidate, content.trimmed());
        }
    }
    return found;
}

} // namespace

class TestFigureLanguage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        attn::ui::initResources();
        QCOMPARE(attn::ui::installTranslators(*qApp, QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QVERIFY(m_dir.isValid());
    }
    void init() { attn::test::failOnQtWarnings(); }
    void everyFigureIsInChinese_data();
    void everyFigureIsInChinese();
    void heatmapAndBarsAreInChinese();
    void pdfEmbedsACjkFont();

private:
    QTemporaryDir m_dir;
};

void TestFigureLanguage::everyFigureIsInChinese_data()
{
    QTest::addColumn<QString>("view");
    for (const attn::ui::FigureViewInfo &info : attn::ui::figureViews())
        QTest::addRow("%s", qPrintable(info.name)) << info.name;
}

void TestFigureLanguage::everyFigureIsInChinese()
{
    QFETCH(QString, view);
    attn::doc::ScenarioDocument document;
    QString error;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong-zh")), &error));
    const attn::ui::FigureViewInfo *info = attn::ui::findFigureView(view);
    QVERIFY(info);
    std::unique_ptr<attn::ui::FigureView> figure(info->create(&document, nullptr));
    figure->resize(1280, 720);
    const QString path = m_dir.filePath(view + QStringLiteral(".svg"));
    QVERIFY2(figure->exportTo(path, QStringLiteral("svg"), QSize(1280, 720), &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    const QStringList english = englishWords(svg);
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral("; "))));
    // Whatever font drew the text, a viewer is told where the Chinese glyphs are.
    if (svg.contains("<text")) QVERIFY(svg.contains("'Noto Sans CJK SC'"));
}

void TestFigureLanguage::heatmapAndBarsAreInChinese()
{
    attn::doc::ScenarioDocument document;
    QString error;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong-zh")), &error));
    QStringList written;
    QVERIFY2(attn::ui::exportDocumentFigures(document, QStringLiteral("zh"), m_dir.path(),
                                             QStringLiteral("svg"), QSize(800, 600), &written, &error),
             qPrintable(error));
    QCOMPARE(written.size(), 2);
    for (const QString &path : written) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        const QStringList english = englishWords(svg);
        QVERIFY2(english.isEmpty(),
                 qPrintable(path + QStringLiteral(": ") + english.join(QStringLiteral("; "))));
        QVERIFY(svg.contains("'Noto Sans CJK SC'"));
        QVERIFY(svg.contains(QStringLiteral("权重").toUtf8()));
    }
}

void TestFigureLanguage::pdfEmbedsACjkFont()
{
    attn::doc::ScenarioDocument document;
    QString error;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong-zh")), &error));
    QStringList written;
    QVERIFY2(attn::ui::exportDocumentFigures(document, QStringLiteral("zh"), m_dir.path(),
                                             QStringLiteral("pdf"), QSize(800, 600), &written, &error),
             qPrintable(error));
    QFile file(written.value(0));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray pdf = file.readAll();
    // Qt embeds a subset of each font it drew with; the Chinese labels need a Simplified Chinese one
    // (scripts/setup installs fonts-noto-cjk), not the Japanese face fontconfig may fall back to.
    QVERIFY2(pdf.contains("NotoSansCJKsc") || pdf.contains("WenQuanYi") || pdf.contains("SourceHanSansSC"),
             "no Simplified Chinese font embedded in the PDF");
}

QTEST_MAIN(TestFigureLanguage)
#include "tst_figurelanguage.moc"
