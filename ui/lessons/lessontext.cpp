#include "ui/lessons/lessontext.h"

#include "ui/document/boundedread.h"
#include "ui/lessons/lessonmarkdown.h"

#include <QDesktopServices>
#include <QDir>
#include <QImage>
#include <QTextDocument>
#include <QToolTip>

namespace attn::lessons {

namespace {

/// The largest picture file a lesson may show.
constexpr qint64 kMaxPictureBytes = qint64{16} << 20;

bool isWebAddress(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return (scheme == QLatin1String("http") || scheme == QLatin1String("https")) && !url.host().isEmpty();
}

} // namespace

LessonText::LessonText(QWidget *parent) : QTextBrowser(parent)
{
    // Links are handled here: QTextBrowser would otherwise follow a relative link as a new page
    // and hand any scheme (file://, a local program) to the desktop.
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &LessonText::onAnchorClicked);
    connect(this, qOverload<const QUrl &>(&QTextBrowser::highlighted), this, &LessonText::onHighlighted);
}

void LessonText::showMarkdown(const QString &markdown, const QString &folder)
{
    m_folder = folder;
    document()->setMarkdown(markdown, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                                      QTextDocument::MarkdownNoHTML));
}

QVariant LessonText::loadResource(int type, const QUrl &name)
{
    if (type != QTextDocument::ImageResource) return {};
    const QString path = name.isLocalFile() ? QString() : name.toString(QUrl::PreferLocalFile);
    if (m_folder.isEmpty() || !pathOutsideFolder(path, m_folder).isEmpty()) return {};
    const doc::BoundedRead read = doc::readFileBounded(QDir(m_folder).filePath(path), kMaxPictureBytes);
    if (!read.ok()) return {};
    const QImage image = QImage::fromData(read.bytes);
    return image.isNull() ? QVariant() : QVariant(image);
}

void LessonText::onAnchorClicked(const QUrl &url)
{
    if (url.toString().startsWith(QLatin1Char('#'))) {
        scrollToAnchor(url.fragment());
        emit linkActivated(url, true);
        return;
    }
    const bool web = isWebAddress(url);
    if (web) QDesktopServices::openUrl(url);
    emit linkActivated(url, web);
}

void LessonText::onHighlighted(const QUrl &url)
{
    const QString shown = url.isEmpty()       ? QString()
                          : isWebAddress(url) ? url.toString()
                                              : tr("%1 (not a web address: not opened)").arg(url.toString());
    setToolTip(shown);
    if (shown.isEmpty()) QToolTip::hideText();
}

} // namespace attn::lessons
