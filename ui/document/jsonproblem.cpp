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

} // namespace

QString jsonSyntaxProblem(const QByteArray &text, const QJsonParseError &error)
{
    if (text.trimmed().isEmpty()) return QStringLiteral("the file is empty");
    const qsizetype binary = firstControlByte(text);
    if (binary >= 0)
        return QStringLiteral("the file is not text (binary data at byte %1); expected JSON").arg(binary);
    if (!isUtf8(text)) return QStringLiteral("the file is not UTF-8 text; expected JSON");
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, text.size());
    const QByteArray before = text.left(offset);
    const int line = static_cast<int>(before.count('\n')) + 1;
    const int column =
        static_cast<int>(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
    return QStringLiteral("not valid JSON at byte %1 (line %2, column %3): %4")
        .arg(offset)
        .arg(line)
        .arg(column)
        .arg(error.errorString());
}

} // namespace attn::doc
