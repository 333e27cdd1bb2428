#include "ui/document/jsonnumbers.h"

#include <QString>

#include <cmath>

namespace attn::doc {

namespace {

const QString kMark = QStringLiteral("\u0000-0");
/// The mark as QJsonDocument writes it (NUL escaped), and the text that replaces it.
const QByteArray kWrittenMark = QByteArrayLiteral("\"\\u0000-0\"");
const QByteArray kNegativeZero = QByteArrayLiteral("-0.0");

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

} // namespace

QJsonValue jsonNumber(double x)
{
    if (!std::isfinite(x)) return QJsonValue(QJsonValue::Null);
    if (x == 0.0 && std::signbit(x)) return QJsonValue(kMark);
    return QJsonValue(x);
}

bool isNegativeZeroMark(const QJsonValue &v)
{
    return v.isString() && v.toString() == kMark;
}

QByteArray jsonText(const QJsonObject &object, QJsonDocument::JsonFormat format)
{
    QByteArray text = QJsonDocument(object).toJson(format);
    if (text.contains(kWrittenMark)) text.replace(kWrittenMark, kNegativeZero);
    return text;
}

QByteArray withNegativeZerosMarked(const QByteArray &text)
{
    if (!text.contains("-0")) return text;
    QByteArray out;
    bool inString = false;
    bool changed = false;
    qsizetype copied = 0; // text before this index is in `out` already
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        if (c != '-') continue;
        qsizetype end = i + 1;
        while (end < text.size() && isNumberChar(text.at(end))) ++end;
        // A zero when every digit before the exponent is 0 ("-0", "-0.000", "-0e5").
        bool zero = true;
        for (qsizetype k = i + 1; k < end && text.at(k) != 'e' && text.at(k) != 'E'; ++k)
            zero = zero && (text.at(k) == '0' || text.at(k) == '.');
        if (zero) {
            out += text.mid(copied, i - copied);
            out += kWrittenMark;
            copied = end;
            changed = true;
        }
        i = end - 1;
    }
    if (!changed) return text;
    out += text.mid(copied);
    return out;
}

} // namespace attn::doc
