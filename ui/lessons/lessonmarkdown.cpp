#include "ui/lessons/lessonmarkdown.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>

#include <algorithm>

namespace attn::lessons {

namespace {

/// `markdown` with code (fenced blocks, indented blocks, inline spans) replaced by spaces of the
/// same length, so that what is left is what Markdown reads as text, HTML and links.
QString withoutCode(const QString &markdown)
{
    QStringList lines = markdown.split(QLatin1Char('\n'));
    QString fence;
    bool previousBlank = true;
    for (QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (!fence.isEmpty()) {
            if (trimmed.startsWith(fence)) fence.clear();
            line.fill(QLatin1Char(' '));
            continue;
        }
        if (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~"))) {
            fence = trimmed.left(3);
            line.fill(QLatin1Char(' '));
            continue;
        }
        // An indented code block starts after a blank line (inside a list, indentation is text).
        const bool indented = line.startsWith(QLatin1String("    ")) || line.startsWith(QLatin1Char('\t'));
        if (indented && previousBlank && !trimmed.isEmpty()) {
            line.fill(QLatin1Char(' '));
            continue;
        }
        previousBlank = trimmed.isEmpty();
    }
    QString text = lines.join(QLatin1Char('\n'));
    // Inline code spans: a run of backticks up to the next run of the same length.
    static const QRegularExpression span(QStringLiteral("(`+)[\\s\\S]*?(?<!`)\\1(?!`)"));
    QRegularExpressionMatchIterator it = span.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        for (qsizetype i = m.capturedStart(); i < m.capturedEnd(); ++i)
            if (text.at(i) != QLatin1Char('\n')) text[i] = QLatin1Char(' ');
    }
    return text;
}

} // namespace

QString rawHtmlIn(const QString &markdown)
{
    // CommonMark's raw HTML: an open tag (name, attributes, optional '/'), a closing tag, a
    // comment, a processing instruction, a declaration or CDATA.
    static const QRegularExpression html(
        QStringLiteral("<[A-Za-z][A-Za-z0-9-]*(?:\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s\"'=<>`]+|"
                       "'[^']*'|\"[^\"]*\"))?)*"
                       "\\s*/?>"
                       "|</[A-Za-z][A-Za-z0-9-]*\\s*>"
                       "|<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\["));
    const QString text = withoutCode(markdown);
    const QRegularExpressionMatch m = html.match(text);
    if (!m.hasMatch()) return {};
    // A tag is shown whole; a comment, instruction or declaration by its start.
    const bool tag = m.captured().endsWith(QLatin1Char('>'));
    QString found = markdown.mid(m.capturedStart(), tag ? m.capturedLength() : 40).simplified();
    if (found.size() > 40) found = found.left(39) + QStringLiteral("…");
    return found;
}

std::vector<MarkdownReference> markdownReferences(const QString &markdown)
{
    // [text](target "title") and ![alt](<target>), and autolinks <scheme:…>.
    static const QRegularExpression inlineLink(QStringLiteral(
        "(!?)\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*(<[^>]*>|[^\\s()]+(?:\\([^\\s()]*\\)[^\\s()]*)*)"));
    static const QRegularExpression autolink(QStringLiteral("<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*)>"));
    const QString text = withoutCode(markdown);
    std::vector<std::pair<qsizetype, MarkdownReference>> found;
    for (QRegularExpressionMatchIterator it = inlineLink.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString target = markdown.mid(m.capturedStart(2), m.capturedLength(2));
        if (target.startsWith(QLatin1Char('<')) && target.endsWith(QLatin1Char('>')))
            target = target.mid(1, target.size() - 2);
        found.push_back({m.capturedStart(), {target, !m.captured(1).isEmpty()}});
    }
    for (QRegularExpressionMatchIterator it = autolink.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        found.push_back({m.capturedStart(), {markdown.mid(m.capturedStart(1), m.capturedLength(1)), false}});
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<MarkdownReference> references;
    for (auto &[offset, reference] : found) references.push_back(std::move(reference));
    return references;
}

QString pathOutsideFolder(const QString &name, const QString &folder)
{
    if (name.isEmpty()) return QStringLiteral("is empty");
    if (QDir::isAbsolutePath(name) || name.startsWith(QLatin1Char('~')) || QUrl(name).scheme().size() > 1)
        return QStringLiteral("is not a relative path; a lesson names its files relative to its own folder");
    const QString root = QDir::cleanPath(QDir(folder).absolutePath());
    const QString target = QDir::cleanPath(QDir(root).filePath(name));
    if (!target.startsWith(root + QLatin1Char('/')))
        return QStringLiteral("leads out of the lesson's folder; keep the files a lesson uses inside it");
    const QString realRoot = QFileInfo(root).canonicalFilePath();
    const QString realTarget = QFileInfo(target).canonicalFilePath();
    if (!realRoot.isEmpty() && !realTarget.isEmpty() && !realTarget.startsWith(realRoot + QLatin1Char('/')))
        return QStringLiteral("is a symbolic link out of the lesson's folder; keep the files a lesson uses "
                              "inside it");
    return {};
}

QString referenceProblem(const MarkdownReference &reference, const QString &folder)
{
    if (reference.image) {
        if (const QString outside = pathOutsideFolder(reference.target, folder); !outside.isEmpty())
            return QStringLiteral("the picture “%1” %2").arg(reference.target, outside);
        if (!QFileInfo(QDir(folder).filePath(reference.target)).isFile())
            return QStringLiteral("the picture “%1” is not a file in the lesson's folder")
                .arg(reference.target);
        return {};
    }
    if (reference.target.startsWith(QLatin1Char('#'))) return {};
    const QUrl url(reference.target);
    const QString scheme = url.scheme().toLower();
    if ((scheme == QLatin1String("http") || scheme == QLatin1String("https")) && !url.host().isEmpty())
        return {};
    return QStringLiteral("the link “%1” is not an http:// or https:// address; lesson links open only web "
                          "pages, with a click")
        .arg(reference.target);
}

} // namespace attn::lessons
