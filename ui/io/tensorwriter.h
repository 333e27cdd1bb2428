// What the .npy and .safetensors writers share: the checks a tensor must pass before anything is
// written, and a file written through QSaveFile piece by piece (so a 1 GiB checkpoint is never held
// twice in memory), renamed over the old file only when every piece was written.
#pragma once

#include "ui/io/tensorfile.h"

#include <QSaveFile>

namespace attn::io {

/// Why `tensor` cannot be written, as a clause after the tensor's name ("data has 5 values but shape
/// [2, 3] needs 6"), or an empty string: the dtype must be float64 or float32, the shape's dimensions
/// ≥ 0, the data as long as the shape says, and, for float32, every finite value within its range.
QString tensorWriteProblem(const NamedTensor &tensor);

class AtomicTensorWriter {
public:
    /// Opens a temporary file beside `path` (unbuffered, so a short write is seen at once).
    explicit AtomicTensorWriter(const QString &path);

    /// Appends raw bytes; false (and the writer stays failed) when the disk takes fewer.
    bool write(const QByteArray &bytes);

    /// Appends `values` as little-endian float64 or float32, in pieces of a few MiB.
    bool writeValues(const std::vector<double> &values, DType dtype);

    /// Renames the temporary file over `path` when every write succeeded; otherwise removes it and
    /// leaves the old file. False and *error = "cannot write <name>: <reason>; the previous file, if
    /// any, is unchanged".
    bool commit(QString *error);

private:
    QSaveFile m_file;
    QString m_fileName;
    bool m_ok = false;
};

} // namespace attn::io
