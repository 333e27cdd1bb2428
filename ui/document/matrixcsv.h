// Plain text for one matrix: tab-separated cells for the clipboard, CSV files (RFC 4180-ish).
// QtCore only, no widgets, so that every rule below is tested without a table.
#pragma once

#include "core/tensor.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace attn::doc {

/// Splits `text` into rows of fields separated by `separator`. Fields may be quoted with '"'
/// ("a,b" is one field; "" inside quotes is one '"'); line ends are "\n", "\r\n" or "\r"; a
/// separator or line end inside quotes belongs to the field. Trailing empty lines are dropped,
/// so "1\t2\n" is one row. Fields are not trimmed. Empty text gives no rows.
QList<QStringList> splitDelimited(const QString &text, QChar separator);

/// The separator of pasted text: a tab if the text has one, else ';' if it has one, else ','.
QChar detectSeparator(const QString &text);

/// Reads cells into a matrix (rows × columns). Each cell is trimmed and read in the C locale
/// ("1.5", "-2e-3"); with `localeDecimals` the user's locale is tried next ("1,5" in German),
/// without group separators. Returns std::nullopt and sets *error (one sentence) for no rows,
/// ragged rows ("row 2 has 3 cells, row 1 has 2"), a cell that is not a number ("row 1,
/// column 2: “abc” is not a number") and NaN or ±Inf. Rows and columns in messages are
/// 1-based, counted from `firstRow` + 1 (a skipped header row makes the data start at line 2).
std::optional<Matrix> matrixFromCells(const QList<QStringList> &rows, bool localeDecimals, QString *error,
                                      int firstRow = 0);

/// Reads pasted text: tab-separated (decimal commas of the user's locale accepted), else ';' or
/// ',' separated ('.' decimals only); a trailing newline is ignored. Errors as matrixFromCells.
std::optional<Matrix> parseClipboardMatrix(const QString &text, QString *error);

/// Reads a CSV file's text: ',' separated, '.' decimals, quotes as RFC 4180. A first row with
/// any cell that is not a number is a header of labels and is skipped (*skippedHeader says so).
/// Errors as matrixFromCells, counted in file lines.
std::optional<Matrix> parseCsvMatrix(const QString &text, QString *error, bool *skippedHeader = nullptr);

/// The matrix as tab-separated text for a spreadsheet: cells by '\t', rows by '\n' (no newline
/// after the last row), every number exact (ui/numbertext.h exactNumber: it reads back as the
/// same double). An empty matrix gives "".
QString formatTsv(const Matrix &matrix);

/// The matrix as CSV: an optional header row of `header` labels (quoted when they hold ',',
/// '"' or a line end), then one line per row, ',' separated, '.' decimals, exact numbers, each
/// line ended by "\n".
QString formatCsv(const Matrix &matrix, const QStringList &header = {});

} // namespace attn::doc
