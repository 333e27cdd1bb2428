#include "ui/document/jsonproblem.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QStringDecoder>

#include <algorithm>
#include <set>
#include <vector>

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

/// Line and column (1-based; columns in characters) of byte `offset` of `text`.
std::pair<int, int> lineAndColumn(const QByteArray &text, qsizetype offset)
{
    const QByteArray before = text.left(offset);
    const int line = static_cast<int>(before.count('\n')) + 1;
    const int column =
        static_cast<int>(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
    return {line, column};
}

/// The decoded text of the JSON string whose opening quote is at `open` and closing quote at
/// `close` (both in `text`).
QString decodedString(const QByteArray &text, qsizetype open, qsizetype close)
{
    const QByteArray raw = text.mid(open, close - open + 1);
    if (!raw.contains('\\')) return QString::fromUtf8(raw.mid(1, raw.size() - 2));
    // Escapes (\n, \u0051, surrogate pairs): let Qt's parser decode them exactly as it did.
    return QJsonDocument::fromJson("[" + raw + "]").array().at(0).toString();
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

/// True when `text` reads as UTF-16 without a byte order mark: among its first 64 byte pairs, at
/// least three in four are an ASCII character beside a zero byte, always on the same side (JSON
/// text in UTF-16 is mostly ASCII; text in UTF-8 has no zero bytes at all).
bool looksLikeUtf16(const QByteArray &text)
{
    const qsizetype pairs = std::min<qsizetype>(text.size() / 2, 64);
    if (pairs < 1) return false;
    int zeroHigh = 0, zeroLow = 0; // little-endian ASCII: the second byte of a pair is zero
    for (qsizetype i = 0; i < pairs; ++i) {
        const char first = text.at(2 * i), second = text.at(2 * i + 1);
        if (first != 0 && second == 0 && static_cast<unsigned char>(first) < 0x80) ++zeroHigh;
        if (first == 0 && second != 0 && static_cast<unsigned char>(second) < 0x80) ++zeroLow;
    }
    return (zeroHigh * 4 >= pairs * 3 && zeroLow == 0) || (zeroLow * 4 >= pairs * 3 && zeroHigh == 0);
}

} // namespace

QString jsonSyntaxProblem(const QByteArray &text, const QJsonParseError &error)
{
    if (text.trimmed().isEmpty()) return QStringLiteral("the file is empty");
    // UTF-16 (a Windows editor's "Unicode") starts with a byte order mark and has a zero byte in
    // every other place: say so rather than "binary data".
    if (text.startsWith("\xFF\xFE") || text.startsWith("\xFE\xFF") || looksLikeUtf16(text))
        return QStringLiteral("the file is UTF-16 text; save it as UTF-8");
    const qsizetype binary = firstControlByte(text);
    if (binary >= 0)
        return QStringLiteral("the file is not text (binary data at byte %1); expected JSON").arg(binary);
    if (!isUtf8(text)) return QStringLiteral("the file is not UTF-8 text; expected JSON");
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, text.size());
    const auto [line, column] = lineAndColumn(text, offset);
    const QString hint = error.error == QJsonParseError::IllegalNumber ? numberHint(text, offset) : QString();
    return QStringLiteral("not valid JSON at byte %1 (line %2, column %3): %4%5")
        .arg(offset)
        .arg(line)
        .arg(column)
        .arg(error.errorString(), hint);
}

QString jsonNumberText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString DuplicateKey::message() const
{
    return QStringLiteral("is given twice in one object (again at line %1, column %2); JSON keeps only the "
                          "last: remove one")
        .arg(line)
        .arg(column);
}

std::optional<DuplicateKey> findDuplicateKey(const QByteArray &text)
{
    // One frame per open object or array: the keys seen so far, or the index of the element.
    struct Frame {
        bool object = false;
        std::set<QString> keys;
        QString key;         // an object's current key
        qsizetype index = 0; // an array's current element
    };
    std::vector<Frame> frames;
    bool expectingKey = false;
    const auto pathOf = [&frames](const QString &last) {
        QString path;
        for (const Frame &f : frames) {
            if (&f == &frames.back()) break;
            if (f.object)
                path += (path.isEmpty() ? QString() : QStringLiteral(".")) + f.key;
            else
                path += QStringLiteral("[%1]").arg(f.index);
        }
        return path.isEmpty() ? last : path + QLatin1Char('.') + last;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        switch (c) {
        case '{':
            frames.push_back(Frame{true, {}, {}, 0});
            expectingKey = true;
            break;
        case '[': frames.push_back(Frame{false, {}, {}, 0}); break;
        case '}':
        case ']':
            if (!frames.empty()) frames.pop_back();
            expectingKey = false;
            break;
        case ',':
            if (frames.empty()) break;
            if (frames.back().object)
                expectingKey = true;
            else
                ++frames.back().index;
            break;
        case '"': {
            qsizetype close = i + 1;
            while (close < text.size() && text.at(close) != '"') close += text.at(close) == '\\' ? 2 : 1;
            if (expectingKey && !frames.empty()) {
                Frame &f = frames.back();
                QString key = decodedString(text, i, close);
                if (!f.keys.insert(key).second) {
                    const auto [line, column] = lineAndColumn(text, i);
                    return DuplicateKey{pathOf(key), i, line, column};
                }
                f.key = std::move(key);
                expectingKey = false;
            }
            i = close;
            break;
        }
        default: break;
        }
    }
    return std::nullopt;
}

} // namespace attn::doc
