#include "ui/io/npyheader.h"

#include <limits>
#include <utility>

namespace attn::io {

namespace {

/// A cursor over the header text; every method that fails sets the error and returns false.
class DictParser {
public:
    explicit DictParser(const QByteArray &text) : m_text(text) {}

    std::optional<NpyHeader> parse(QString *error);

private:
    bool fail(const QString &what)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("header byte %1: %2").arg(QString::number(m_pos), what);
        return false;
    }
    void skipSpaces()
    {
        while (m_pos < m_end && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t')) ++m_pos;
    }
    bool atEnd() const { return m_pos >= m_end; }
    char peek() const { return atEnd() ? '\0' : m_text[m_pos]; }
    /// What stands at the cursor, for messages: a short quoted excerpt or "the end of the header".
    QString found() const
    {
        if (atEnd()) return QStringLiteral("the end of the header");
        qsizetype stop = m_pos;
        while (stop < m_end && stop < m_pos + 12 && m_text[stop] != ' ' && m_text[stop] != ',') ++stop;
        if (stop == m_pos) stop = m_pos + 1;
        return QStringLiteral("\"%1\"").arg(QString::fromLatin1(m_text.mid(m_pos, stop - m_pos)));
    }
    bool expect(char c, const QString &context)
    {
        skipSpaces();
        if (peek() != c)
            return fail(
                QStringLiteral("expected '%1' %2, found %3").arg(QString(QLatin1Char(c)), context, found()));
        ++m_pos;
        return true;
    }
    bool parseString(QString *out);
    bool parseBool(bool *out, const QString &key);
    bool parseShape(std::vector<qint64> *out);
    bool parseWholeNumber(qint64 *out);

    const QByteArray &m_text;
    qsizetype m_pos = 0;
    qsizetype m_end = 0;
    QString m_error;
};

bool DictParser::parseString(QString *out)
{
    skipSpaces();
    const char quote = peek();
    if (quote != '\'' && quote != '"')
        return fail(QStringLiteral("expected a quoted string, found %1").arg(found()));
    const qsizetype start = ++m_pos;
    while (!atEnd() && m_text[m_pos] != quote) {
        if (m_text[m_pos] == '\\')
            return fail(QStringLiteral("escape sequences are not read in header strings"));
        ++m_pos;
    }
    if (atEnd())
        return fail(
            QStringLiteral("the string opened at byte %1 is not closed").arg(QString::number(start - 1)));
    *out = QString::fromLatin1(m_text.mid(start, m_pos - start));
    ++m_pos;
    return true;
}

bool DictParser::parseBool(bool *out, const QString &key)
{
    skipSpaces();
    for (const auto &[word, value] :
         {std::pair{QByteArrayView("True"), true}, std::pair{QByteArrayView("False"), false}}) {
        const qsizetype after = m_pos + word.size();
        const bool wordEnds = after >= m_end || !QChar::isLetterOrNumber(uchar(m_text[after]));
        if (m_text.mid(m_pos, word.size()) == word && wordEnds) {
            m_pos = after;
            *out = value;
            return true;
        }
    }
    return fail(QStringLiteral("expected True or False for '%1', found %2").arg(key, found()));
}

bool DictParser::parseWholeNumber(qint64 *out)
{
    skipSpaces();
    const qsizetype start = m_pos;
    qint64 value = 0;
    bool overflow = false;
    while (!atEnd() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
        const int digit = m_text[m_pos] - '0';
        if (value > (std::numeric_limits<qint64>::max() - digit) / 10)
            overflow = true;
        else
            value = value * 10 + digit;
        ++m_pos;
    }
    if (m_pos == start) {
        m_pos = start;
        return fail(QStringLiteral("expected a whole number ≥ 0 in 'shape', found %1").arg(found()));
    }
    const QString digits = QString::fromLatin1(m_text.mid(start, m_pos - start));
    if (digits.size() > 1 && digits.front() == u'0') {
        m_pos = start;
        return fail(QStringLiteral("%1 in 'shape' is not a Python integer (leading zero)").arg(digits));
    }
    if (overflow) {
        m_pos = start;
        return fail(QStringLiteral("the dimension %1 in 'shape' is beyond 2^63").arg(digits));
    }
    if (!atEnd() && QChar::isLetterOrNumber(uchar(m_text[m_pos])))
        return fail(
            QStringLiteral("expected ',' or ')' after a dimension in 'shape', found %1").arg(found()));
    *out = value;
    return true;
}

bool DictParser::parseShape(std::vector<qint64> *out)
{
    skipSpaces();
    if (peek() == '[') return fail(QStringLiteral("'shape' is a list; NumPy writes a tuple, e.g. (2, 3)"));
    if (!expect('(', QStringLiteral("to open the 'shape' tuple"))) return false;
    out->clear();
    bool sawComma = false;
    skipSpaces();
    while (peek() != ')') {
        qint64 dimension = 0;
        if (out->size() >= 64) return fail(QStringLiteral("'shape' has more than 64 dimensions"));
        if (!parseWholeNumber(&dimension)) return false;
        out->push_back(dimension);
        skipSpaces();
        if (peek() == ',') {
            ++m_pos;
            sawComma = true;
            skipSpaces();
        } else if (peek() != ')') {
            return fail(QStringLiteral("expected ',' or ')' in 'shape', found %1").arg(found()));
        } else {
            sawComma = false;
        }
    }
    ++m_pos;
    // "(3)" is the number 3 in Python, not a tuple: one dimension is written "(3,)".
    if (out->size() == 1 && !sawComma)
        return fail(QStringLiteral("'shape' (%1) is a number, not a tuple; one dimension is written (%1,)")
                        .arg(QString::number(out->front())));
    return true;
}

std::optional<NpyHeader> DictParser::parse(QString *error)
{
    auto failed = [&]() -> std::optional<NpyHeader> {
        if (error) *error = m_error;
        return std::nullopt;
    };
    m_end = m_text.size();
    for (qsizetype i = 0; i < m_text.size(); ++i) {
        const uchar c = uchar(m_text[i]);
        if ((c < 0x20 && c != '\t' && !(c == '\n' && i == m_text.size() - 1)) || c > 0x7e) {
            m_pos = i;
            fail(c == '\n' ? QStringLiteral("a line break before the end of the header")
                           : QStringLiteral("the byte 0x%1 is not printable ASCII")
                                 .arg(uint(c), 2, 16, QLatin1Char('0')));
            return failed();
        }
    }
    if (m_text.isEmpty() || m_text.back() != '\n') {
        m_pos = m_text.size();
        fail(QStringLiteral("the header does not end with a line break"));
        return failed();
    }
    m_end = m_text.size() - 1;

    NpyHeader header;
    bool seen[3] = {false, false, false};
    const QString keys[3] = {QStringLiteral("descr"), QStringLiteral("fortran_order"),
                             QStringLiteral("shape")};
    if (!expect('{', QStringLiteral("at the start of the header (a Python dict)"))) return failed();
    skipSpaces();
    while (peek() != '}') {
        const qsizetype keyAt = m_pos;
        QString key;
        if (!parseString(&key)) return failed();
        int which = -1;
        for (int k = 0; k < 3; ++k)
            if (key == keys[k]) which = k;
        if (which < 0) {
            m_pos = keyAt;
            fail(QStringLiteral("unknown key '%1' (a .npy header has 'descr', 'fortran_order' and 'shape')")
                     .arg(key));
            return failed();
        }
        if (seen[which]) {
            m_pos = keyAt;
            fail(QStringLiteral("the key '%1' is given twice").arg(key));
            return failed();
        }
        seen[which] = true;
        if (!expect(':', QStringLiteral("after the key '%1'").arg(key))) return failed();
        skipSpaces();
        if (which == 0) {
            if (peek() == '[') {
                fail(QStringLiteral(
                    "'descr' is a list of fields (a structured array); only plain arrays are read"));
                return failed();
            }
            if (!parseString(&header.descr)) return failed();
        } else if (which == 1) {
            if (!parseBool(&header.fortranOrder, key)) return failed();
        } else if (!parseShape(&header.shape)) {
            return failed();
        }
        skipSpaces();
        if (peek() == ',') {
            ++m_pos;
            skipSpaces();
        } else if (peek() != '}') {
            fail(QStringLiteral("expected ',' or '}' after the value of '%1', found %2").arg(key, found()));
            return failed();
        }
    }
    ++m_pos;
    skipSpaces();
    if (!atEnd()) {
        fail(QStringLiteral("unexpected %1 after the closing '}'").arg(found()));
        return failed();
    }
    for (int k = 0; k < 3; ++k) {
        if (!seen[k]) {
            fail(QStringLiteral("the header has no '%1'").arg(keys[k]));
            return failed();
        }
    }
    return header;
}

} // namespace

std::optional<NpyHeader> parseNpyHeader(const QByteArray &text, QString *error)
{
    return DictParser(text).parse(error);
}

QByteArray npyHeaderText(const QString &descr, const std::vector<qint64> &shape)
{
    QByteArray dims;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) dims += ", ";
        dims += QByteArray::number(shape[i]);
    }
    if (shape.size() == 1) dims += ',';
    return "{'descr': '" + descr.toLatin1() + "', 'fortran_order': False, 'shape': (" + dims + "), }";
}

} // namespace attn::io
