// The text of a lesson step on screen: Markdown without raw HTML, pictures only from the lesson's
// own folder, and links only to web pages, opened by a click with the address shown first.
#pragma once

#include <QTextBrowser>

namespace attn::lessons {

/// A QTextBrowser that shows one step's Markdown as the lesson reader checked it
/// (lessonmarkdown.h): raw HTML is shown as text, never interpreted (an unclosed tag cannot
/// swallow what follows); a picture loads only when it is a relative path inside the lesson's
/// folder; hovering a link shows its address in the tooltip and a click opens it only when it is
/// an http:// or https:// address (other links do nothing).
class LessonText : public QTextBrowser {
    Q_OBJECT

public:
    explicit LessonText(QWidget *parent = nullptr);

    /// Shows `markdown` of a lesson whose file is in `folder` (":/lessons" for the shipped ones).
    void showMarkdown(const QString &markdown, const QString &folder);

    /// What loadResource() gives for picture `name`: the image, or a null QVariant when the name
    /// leads outside the folder or is not a readable picture. Public for tests.
    QVariant loadResource(int type, const QUrl &name) override;

signals:
    /// A link was clicked: `opened` is false for an address that is not http(s) (not opened).
    void linkActivated(const QUrl &url, bool opened);

private:
    void onAnchorClicked(const QUrl &url);
    void onHighlighted(const QUrl &url);

    QString m_folder;
};

} // namespace attn::lessons
