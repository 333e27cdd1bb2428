// The header of a .npy file: a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
// parsed strictly, never evaluated: the three keys exactly once each, strings in single or double
// quotes without escapes, True or False, a tuple of whole numbers ("(3,)" for one dimension, "()" for
// a scalar), spaces between tokens, and a final '\n' (NumPy pads the header with spaces before it).
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace attn::io {

struct NpyHeader {
    QString descr;             ///< the dtype string, e.g. "<f4" (checked by the caller)
    bool fortranOrder = false; ///< true: the data is in Fortran order (the first index fastest)
    std::vector<qint64> shape; ///< whole numbers ≥ 0; empty for a scalar
};

/// Parses `text`, the header's bytes (after the length field, up to and including the final '\n').
/// On failure returns std::nullopt and sets *error to one clause naming the byte offset in the
/// header, e.g. "header byte 28: expected True or False for 'fortran_order', found 'no'".
std::optional<NpyHeader> parseNpyHeader(const QByteArray &text, QString *error);

/// The header text for `shape` in C order with dtype `descr`, as NumPy writes it (without padding
/// or the final '\n'): {'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }
QByteArray npyHeaderText(const QString &descr, const std::vector<qint64> &shape);

} // namespace attn::io
