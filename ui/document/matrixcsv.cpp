#include "ui/document/matrixcsv.h"

#include "ui/base/numbertext.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace attn::doc {

namespace {

/// The translation context of the messages below.
class MatrixCsv {
    Q_DECLARE_TR_FUNCTIONS(MatrixCsv)
};

/// A field quoted as RFC 4180 asks when it holds the separator, a quote or a line end.
QString quoted(const QString &field, QChar separator)
{
    if (!field.contains(separator) && !field.contains(QLatin1Char('"')) &&
        !field.contains(QLatin1Char('\n')) && !field.contains(QLatin1Char('\r')))
        return field;
    QString escaped = field;
    escaped.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

/// True when every field of `row` is blank.
bool isBlank(const QStringList &row)
{
    for (const QString &field : row)
        if (!field.trimmed().isEmpty()) return false;
    return true;
}

} // namespace

QList<QStringList> splitDelimited(const QString &text, QChar separator)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool inQuotes = false;
    bool fieldStarted = false; // something (even "") was read for this row
    const auto endRow = [&] {
        row << field;
        rows << row;
        row.clear();
        field.clear();
        fieldStarted = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"') && field.trimmed().isEmpty()) {
            field.clear();
            inQuotes = true;
            fieldStarted = true;
        } else if (c == separator) {
            row << field;
            field.clear();
            fieldStarted = true;
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) ++i;
            endRow();
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (fieldStarted || !field.isEmpty() || !row.isEmpty()) endRow();
    while (!rows.isEmpty() && isBlank(rows.last())) rows.removeLast(); // trailing newlines
    return rows;
}

QChar detectSeparator(const QString &text)
{
    if (text.contains(QLatin1Char('\t'))) return QLatin1Char('\t');
    if (text.contains(QLatin1Char(';'))) return QLatin1Char(';');
    return QLatin1Char(',');
}

std::optional<Matrix> matrixFromCells(const QList<QStringList> &rows, bool localeDecimals, QString *error,
                                      int firstRow)
{
    const auto fail = [error](const QString &message) {
        if (error) *error = message;
        return std::optional<Matrix>();
    };
    if (rows.isEmpty()) return fail(MatrixCsv::tr("there are no numbers"));
    const qsizetype columns = rows.first().size();
    for (qsizetype i = 1; i < rows.size(); ++i) {
        if (rows[i].size() != columns)
            return fail(MatrixCsv::tr("the rows are ragged: row %1 has %2 cells, row %3 has %4")
                            .arg(firstRow + i + 1)
                            .arg(rows[i].size())
                            .arg(firstRow + 1)
                            .arg(columns));
    }
    Matrix m(rows.size(), columns);
    QLocale locale = QLocale::c();
    locale.setNumberOptions(QLocale::RejectGroupSeparator);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        for (qsizetype j = 0; j < columns; ++j) {
            const QString cell = rows[i][j].trimmed();
            const QString where = MatrixCsv::tr("row %1, column %2").arg(firstRow + i + 1).arg(j + 1);
            double value = 0.0;
            bool ok = false;
            if (localeDecimals)
                ok = ui::parseTypedNumber(cell, &value);
            else
                value = locale.toDouble(cell, &ok);
            if (!ok) {
                if (cell.isEmpty()) return fail(MatrixCsv::tr("%1 is empty").arg(where));
                return fail(MatrixCsv::tr("%1: “%2” is not a number").arg(where, cell));
            }
            if (!std::isfinite(value))
                return fail(MatrixCsv::tr("%1: “%2” is not allowed (NaN and infinity cannot be computed)")
                                .arg(where, cell));
            m(i, j) = value;
        }
    }
    return m;
}

std::optional<Matrix> parseClipboardMatrix(const QString &text, QString *error)
{
    const QChar separator = detectSeparator(text);
    return matrixFromCells(splitDelimited(text, separator), separator == QLatin1Char('\t'), error);
}

std::optional<Matrix> parseCsvMatrix(const QString &text, QString *error, bool *skippedHeader)
{
    QList<QStringList> rows = splitDelimited(text, QLatin1Char(','));
    bool header = false;
    if (!rows.isEmpty()) {
        QLocale locale = QLocale::c();
        locale.setNumberOptions(QLocale::RejectGroupSeparator);
        for (const QString &cell : rows.first()) {
            bool ok = false;
            locale.toDouble(cell.trimmed(), &ok);
            if (!ok) header = true;
        }
    }
    if (header) rows.removeFirst();
    if (skippedHeader) *skippedHeader = header;
    return matrixFromCells(rows, false, error, header ? 1 : 0);
}

QString formatTsv(const Matrix &matrix)
{
    QStringList lines;
    for (Index i = 0; i < matrix.rows(); ++i) {
        QStringList cells;
        for (Index j = 0; j < matrix.cols(); ++j) cells << ui::exactNumber(matrix(i, j));
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

QString formatCsv(const Matrix &matrix, const QStringList &header)
{
    QString text;
    if (!header.isEmpty()) {
        QStringList labels;
        for (const QString &label : header) labels << quoted(label, QLatin1Char(','));
        text += labels.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    for (Index i = 0; i < matrix.rows(); ++i) {
        QStringList cells;
        for (Index j = 0; j < matrix.cols(); ++j) cells << ui::exactNumber(matrix(i, j));
        text += cells.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return text;
}

} // namespace attn::doc
