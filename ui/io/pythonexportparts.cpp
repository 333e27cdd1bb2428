#include "ui/io/pythonexportparts.h"

#include <QStringList>

#include <cmath>

namespace attn::io::py {

QString num(double x)
{
    if (std::isnan(x)) return QStringLiteral("nan");
    if (std::isinf(x)) return x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    QString text = QString::number(x, 'g', 17);
    if (std::signbit(x) && x == 0) text = QStringLiteral("-0.0");
    return text;
}

QString rows(const Matrix &m, int indent)
{
    QStringList lines;
    for (Index i = 0; i < m.rows(); ++i) {
        QStringList row;
        for (Index j = 0; j < m.cols(); ++j) row << num(m(i, j));
        lines << QLatin1Char('[') + row.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    return QLatin1Char('[') + lines.join(QStringLiteral(",\n") + QString(indent + 1, QLatin1Char(' '))) +
           QLatin1Char(']');
}

QString list(const Vector &v)
{
    QStringList items;
    for (Index i = 0; i < v.size(); ++i) items << num(v(i));
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString matrixLine(const QString &name, const Matrix &m, const QString &comment)
{
    const QString head = name + QStringLiteral(" = np.array(");
    return QStringLiteral("# %1\n").arg(comment) + head + rows(m, int(head.size())) +
           QStringLiteral(", dtype=float)\n");
}

QString boolRows(const BoolMatrix &m, int indent)
{
    Matrix asNumbers(m.rows(), m.cols());
    for (Index i = 0; i < m.size(); ++i) asNumbers.data()[i] = m.data()[i] ? 1 : 0;
    return rows(asNumbers, indent);
}

QString intList(std::span<const std::int64_t> values)
{
    QStringList items;
    for (std::int64_t v : values) items << QString::number(v);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString pyString(const std::string &text)
{
    QString s = QString::fromStdString(text);
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    s.replace(QLatin1Char('\n'), QStringLiteral("\\n")).replace(QLatin1Char('\r'), QStringLiteral("\\r"));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QString tokenList(const std::vector<std::string> &tokens)
{
    QStringList items;
    for (const std::string &t : tokens) items << pyString(t);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace attn::io::py
