#include "ui/document/jsonproblem.h"

#include <QJsonParseError>
#include <QStringDecoder>

#include <algorithm>

namespace attn::doc {

namespace {

/// The offset of the first byte no JSON text may hold (a control character other than tab, line
/// feed and carriage return, which JSON forbids even inside strings), or −1.
qsizetype firstControlByte(const QByteArray &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text.at(i));
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r')) return i;
    }
    return -1;
}

bool isUtf8(const QByteArray &text)
{
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = utf8.decode(text);
    return !utf8.hasError();
}

/// A hint for the number at `offset` that JSON cannot hold (NaN, Infinity, or beyond a double's
/// range such as 1e400), or an empty string.
QString numberHint(const QByteArray &text, qsizetype offset)
{
    qsizetype start = offset;
    while (start > 0 && QByteArrayView("+-.0123456789eEINaifnty").contains(text.at(start - 1))) --start;
    const QByteArray word = text.mid(start, offset - start + 12);
    for (const char *name : {"NaN", "nan", "Infinity", "-Infinity", "inf", "-inf"})
        if (word.startsWith(name))
            return QStringLiteral(" (JSON has no NaN or Infinity: write a finite number)");
    if (word.contains('e') || word.contains('E'))
        return QStringLiteral(" (a number beyond ±1.8e308, the largest a double can hold?)");
    return {};
}

} // namespace

QString jsonSyntaxProblem(const QByteArray &text, const QJsonParseError &error)
{
    if (text.trimmed().isEmpty()) return QStringLiteral("the file is empty");
    // UTF-16 (a Windows editor's "Unicode") starts with a byte order mark and has a zero byte in
    // every other place: say so rather than "binary data".
    if (text.startsWith("\xFF\xFE") || text.startsWith("\xFE\xFF"))
        return QStringLiteral("the file is UTF-16 text; save it as UTF-8");
    const qsizetype binary = firstControlByte(text);
    if (binary >= 0)
        return QStringLiteral("the file is not text (binary data at byte %1); expected JSON").arg(binary);
    if (!isUtf8(text)) return QStringLiteral("the file is not UTF-8 text; expected JSON");
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, text.size());
    const QByteArray before = text.left(offset);
    const int line = static_cast<int>(before.count('\n')) + 1;
    const int column =
        static_cast<int>(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
    const QString hint = error.error == QJsonParseError::IllegalNumber ? numberHint(text, offset) : QString();
    return QStringLiteral("not valid JSON at byte %1 (line %2, column %3): %4%5")
        .arg(offset)
        .arg(line)
        .arg(column)
        .arg(error.errorString(), hint);
}

} // namespace attn::doc
