// The text of a lesson step on screen: raw HTML is shown as text and never swallows what follows
// (an unclosed `<img …>` hid the rest of the step), pictures load only from inside the lesson's
// folder, links open only when they are web addresses and only on a click, with the address shown
// on hover. The lesson reader refuses what would not show (tst_badinput lessonFiles).
#include "strictwarnings.h"
#include "ui/lessons/lessonmarkdown.h"
#include "ui/lessons/lessontext.h"

#include <QDesktopServices>
#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

using attn::lessons::LessonText;

namespace {

/// Every string of `value` that holds Markdown emphasis ("**"), with the JSON path to it; a list
/// of strings (a step's lines) counts as one text, its lines joined as the reader joins them.
void emphasisTexts(const QJsonValue &value, const QString &path, QList<QPair<QString, QString>> &out)
{
    if (value.isString()) {
        if (value.toString().contains(QLatin1String("**"))) out.append({path, value.toString()});
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        const bool lines =
            std::all_of(array.begin(), array.end(), [](const QJsonValue &v) { return v.isString(); });
        if (lines && !array.isEmpty()) {
            QStringList joined;
            for (const QJsonValue &v : array) joined << v.toString();
            emphasisTexts(joined.join(QLatin1Char('\n')), path, out);
            return;
        }
        for (qsizetype i = 0; i < array.size(); ++i)
            emphasisTexts(array.at(i), path + QStringLiteral("[%1]").arg(i), out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            emphasisTexts(it.value(), path + QLatin1Char('.') + it.key(), out);
    }
}

} // namespace

/// Stands in for the web browser: records the addresses QDesktopServices hands over.
class UrlRecorder : public QObject {
    Q_OBJECT

public:
    QList<QUrl> opened;

public slots:
    void open(const QUrl &url) { opened << url; }
};

class TestLessonText : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void rawHtmlIsShownAsText();
    void rawHtmlFinder_data();
    void rawHtmlFinder();
    void picturesStayInTheLessonFolder();
    void linksOpenOnlyWebAddressesOnAClick();
    void referencesOfMarkdown();
    void shippedEmphasisNeverShowsItsStars();
};

void TestLessonText::rawHtmlIsShownAsText()
{
    LessonText text;
    text.showMarkdown(
        QStringLiteral("Before <img src=\"x.png\" and all of this after.\n\nA second paragraph."),
        QDir::tempPath());
    const QString shown = text.toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("all of this after")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("A second paragraph")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("<img")), qPrintable(shown)); // as text, not a tag
    // Markdown still renders: emphasis is a format, not asterisks.
    text.showMarkdown(QStringLiteral("some **bold** text"), QDir::tempPath());
    QCOMPARE(text.toPlainText().trimmed(), QStringLiteral("some bold text"));
}

void TestLessonText::rawHtmlFinder_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("html");
    QTest::addRow("an image tag") << "See <img src=\"a.png\"> here"
                                  << "<img src=\"a.png\">";
    QTest::addRow("a closing tag") << "bold</b> text"
                                   << "</b>";
    QTest::addRow("a comment") << "text <!-- hidden --> more"
                               << "<!-- hidden --> more";
    QTest::addRow("less-than in math") << "τ < 1 sharpens, 2 < 11 / w ≤ 3"
                                       << "";
    QTest::addRow("a code span") << "a `<pad>` row of V"
                                 << "";
    QTest::addRow("a fenced block") << "```\n<div>x</div>\n```\nafter"
                                    << "";
    QTest::addRow("an autolink") << "see <https://arxiv.org/abs/1706.03762>"
                                 << "";
    QTest::addRow("a tag-like comparison") << "a<b and c>d"
                                           << "<b and c>";
}

void TestLessonText::rawHtmlFinder()
{
    QFETCH(QString, markdown);
    QFETCH(QString, html);
    QCOMPARE(attn::lessons::rawHtmlIn(markdown), html);
}

void TestLessonText::picturesStayInTheLessonFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("lesson/pictures")));
    const QString folder = dir.filePath(QStringLiteral("lesson"));
    QImage picture(3, 2, QImage::Format_RGB32);
    picture.fill(Qt::red);
    QVERIFY(picture.save(dir.filePath(QStringLiteral("lesson/pictures/dot.png"))));
    QVERIFY(picture.save(dir.filePath(QStringLiteral("outside.png"))));
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("outside.png")),
                        dir.filePath(QStringLiteral("lesson/link.png"))));

    LessonText text;
    text.showMarkdown(QStringLiteral("![a dot](pictures/dot.png)"), folder);
    const QVariant inside =
        text.loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("pictures/dot.png")));
    QCOMPARE(inside.value<QImage>().size(), QSize(3, 2));
    for (const QString &name : {QStringLiteral("../outside.png"), dir.filePath(QStringLiteral("outside.png")),
                                QUrl::fromLocalFile(dir.filePath(QStringLiteral("outside.png"))).toString(),
                                QStringLiteral("link.png")})
        QVERIFY2(!text.loadResource(QTextDocument::ImageResource, QUrl(name)).isValid(), qPrintable(name));
    // The reader says the same of each (lessonmarkdown.h).
    QVERIFY(attn::lessons::referenceProblem({QStringLiteral("pictures/dot.png"), true}, folder).isEmpty());
    QVERIFY(attn::lessons::referenceProblem({QStringLiteral("../outside.png"), true}, folder)
                .contains(QStringLiteral("leads out of the lesson's folder")));
    QVERIFY(attn::lessons::referenceProblem({QStringLiteral("link.png"), true}, folder)
                .contains(QStringLiteral("symbolic link out of the lesson's folder")));
}

void TestLessonText::linksOpenOnlyWebAddressesOnAClick()
{
    UrlRecorder browser;
    QDesktopServices::setUrlHandler(QStringLiteral("https"), &browser, "open");
    QDesktopServices::setUrlHandler(QStringLiteral("file"), &browser, "open");
    LessonText text;
    text.showMarkdown(
        QStringLiteral("[paper](https://arxiv.org/abs/1706.03762) and [notes](file:///etc/passwd)"),
        QDir::tempPath());
    QVERIFY(browser.opened.isEmpty()); // showing opens nothing
    QSignalSpy activated(&text, &LessonText::linkActivated);
    emit text.anchorClicked(QUrl(QStringLiteral("file:///etc/passwd")));
    QVERIFY(browser.opened.isEmpty());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.at(0).at(1).toBool(), false);
    emit text.highlighted(QUrl(QStringLiteral("https://arxiv.org/abs/1706.03762")));
    QCOMPARE(text.toolTip(), QStringLiteral("https://arxiv.org/abs/1706.03762"));
    emit text.highlighted(QUrl(QStringLiteral("file:///etc/passwd")));
    QVERIFY(text.toolTip().contains(QStringLiteral("not opened")));
    emit text.anchorClicked(QUrl(QStringLiteral("https://arxiv.org/abs/1706.03762")));
    QCOMPARE(browser.opened, QList<QUrl>{QUrl(QStringLiteral("https://arxiv.org/abs/1706.03762"))});
    QCOMPARE(activated.at(1).at(1).toBool(), true);
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
}

void TestLessonText::referencesOfMarkdown()
{
    const auto references = attn::lessons::markdownReferences(
        QStringLiteral("![fig](a.png) then [p](https://x.org/a_(b)) and <http://y.org> but not `[c](d)`"));
    QCOMPARE(references.size(), std::size_t{3});
    QCOMPARE(references[0].target, QStringLiteral("a.png"));
    QVERIFY(references[0].image);
    QCOMPARE(references[1].target, QStringLiteral("https://x.org/a_(b)"));
    QVERIFY(!references[1].image);
    QCOMPARE(references[2].target, QStringLiteral("http://y.org"));
    QVERIFY(attn::lessons::referenceProblem(references[1], QDir::tempPath()).isEmpty());
    QVERIFY(!attn::lessons::referenceProblem({QStringLiteral("javascript:alert(1)"), false}, QDir::tempPath())
                 .isEmpty());
}

QTEST_MAIN(TestLessonText)
void TestLessonText::shippedEmphasisNeverShowsItsStars()
{
    // CommonMark closes ** only after a letter or before a space or punctuation: in Chinese,
    // "**加性（Bahdanau）**分数" (punctuation before, a letter after) is shown with its stars.
    // Every text of every shipped lesson and translation, drawn as a step draws it, shows none.
    LessonText text;
    int texts = 0;
    for (const QString &folder : {QStringLiteral("/lessons"), QStringLiteral("/lessons/zh_CN")}) {
        const QDir dir(QStringLiteral(ATTN_SOURCE_DIR) + folder);
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 20, qPrintable(dir.path()));
        for (const QString &name : files) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QList<QPair<QString, QString>> found;
            emphasisTexts(QJsonDocument::fromJson(file.readAll()).object(), folder + QLatin1Char('/') + name,
                          found);
            for (const auto &[path, markdown] : found) {
                ++texts;
                text.showMarkdown(markdown, dir.path());
                const QString shown = text.toPlainText();
                QVERIFY2(!shown.contains(QLatin1String("**")),
                         qPrintable(path + QStringLiteral(": ") + shown));
            }
        }
    }
    QVERIFY(texts > 100);
}

#include "tst_lessontext.moc"
