// What a lesson's Markdown may hold, checked when the lesson is read (so `lessons --check` says it)
// and kept to when it is shown: no raw HTML (the text view shows Markdown only, and an unclosed
// tag such as `<img …>` would swallow the text after it), pictures and scenario files relative
// to the lesson's own folder and inside it, links only to http(s) addresses. QtCore only.
#pragma once

#include <QString>

#include <vector>

namespace attn::lessons {

/// A link or picture in Markdown text.
struct MarkdownReference {
    QString target; ///< as written: "figure.png", "https://arxiv.org/abs/1706.03762"
    bool image = false;
};

/// The first raw HTML of `markdown` (a tag such as `<img src="x">` or `</b>`, a comment, a
/// processing instruction or a declaration, as CommonMark defines them), shortened to at most
/// 40 characters; empty when there is none. Code spans and fenced or indented code are text, not
/// HTML, and so are autolinks (`<https://…>`).
QString rawHtmlIn(const QString &markdown);

/// Every link `[text](target)`, picture `![alt](target)` and autolink `<https://…>` of `markdown`
/// outside code, in order.
std::vector<MarkdownReference> markdownReferences(const QString &markdown);

/// Why the file `name`, named by a lesson in `folder`, may not be used, or empty when it may: it
/// must be a relative path that stays inside `folder`, also after symbolic links. One clause,
/// e.g. "is an absolute path; a lesson names its files relative to its own folder".
QString pathOutsideFolder(const QString &name, const QString &folder);

/// Why `reference` of a lesson in `folder` will not work, or empty: a picture must be a file
/// inside the folder (pathOutsideFolder), a link an http:// or https:// address (or a "#" anchor).
QString referenceProblem(const MarkdownReference &reference, const QString &folder);

} // namespace attn::lessons
