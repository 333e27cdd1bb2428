// One .npy array (NumPy's format, versions 1.0–3.0): read from a file or an .npz member, and written.
#pragma once

#include "ui/io/tensorfile.h"

namespace attn::io {

class ByteSource;
class ReadBudget;

/// Reads the .npy array in `source` into `file`: a float array becomes a tensor named `tensorName`
/// in file.tensors, a Unicode string array ('<U…', scalar or 1-D) an entry of file.strings. Every
/// message starts with `prefix` (see where()). Sizes are checked against the source and the budget
/// before the data is read. Throws TensorFileError.
void readNpy(const ByteSource &source, const QString &tensorName, const QString &prefix, ReadBudget &budget,
             TensorFile &file);

} // namespace attn::io
