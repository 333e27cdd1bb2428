// Named tensors in files: .npy, .npz and .safetensors, read into doubles, and written back as
// .npy or .safetensors (training checkpoints). QtCore only; no widgets.
//
// What is read
//   .npy          NumPy's format, versions 1.0, 2.0 and 3.0: the magic "\x93NUMPY", a header
//                 that is a Python dict literal {'descr': …, 'fortran_order': …, 'shape': (…)}
//                 (parsed strictly here: exactly those three keys, quoted strings, True/False,
//                 a tuple of whole numbers; nothing is evaluated), then the raw data. One tensor,
//                 named after the file without its last suffix ("Q.npy" holds "Q").
//   .npz          a zip archive of .npy members, stored or deflated (np.savez, np.savez_compressed);
//                 the member "Q.npy" holds the tensor "Q". Every member must be a .npy array.
//   .safetensors  an 8-byte little-endian header length N, N bytes of JSON (UTF-8) mapping each
//                 tensor name to {"dtype", "shape", "data_offsets": [begin, end]} plus an optional
//                 "__metadata__" object of strings, then the data (offsets are relative to it).
//   The format is chosen by the file's first bytes, not by its name.
//
// Types: float64, float32, float16 and bfloat16, little-endian, converted to double exactly (every
// value of those types is a double; -0.0, subnormals, ±inf and NaN keep their meaning, NaN payloads
// are not kept). In .npy/.npz the descr is '<f8', '<f4' or '<f2' (NumPy has no bfloat16, and a
// bfloat16 array saved from NumPy reads as anonymous 2-byte data, '<V2', which is refused); in
// .safetensors the dtype is "F64", "F32", "F16" or "BF16". Integer, boolean, complex, object and
// structured types are refused, the message listing the accepted ones. Big-endian data ('>f8')
// is refused, not converted (issue 18 §5): save it little-endian. Fortran-order .npy data is
// reordered to C order (row-major: the last index varies fastest), which `NamedTensor::data`
// always is.
// Text: a .npy/.npz array of Unicode strings ('<U…', e.g. np.array(["the", "cat"])), scalar or
// 1-D, is read into `TensorFile::strings` (trailing NULs dropped, as NumPy does), not as a tensor.
//
// Limits (ReadLimits; the defaults below), all checked against the header and the file's size
// before anything is allocated, and every read bounded by the bytes actually read:
//   - at most 32 dimensions (NumPy's own limit) and 2^31 − 1 elements per tensor;
//   - all tensors together at most 1 GiB as doubles (2^27 values; strings count one per character);
//   - a header (.npy dict, .safetensors JSON) at most 100 MiB; a file at most 1 GiB + 100 MiB;
//   - the members of an .npz together expand to at most 1 GiB + 100 MiB (a zip bomb is refused
//     from its directory, and a member expanding past what its directory says is refused);
//   - at most 65536 tensors per file, and 2^20 strings per string array (a string costs far more
//     memory than its characters, so a file of 2^27 one-letter strings is refused).
//   Only regular files are read: folders, devices (/dev/zero), named pipes and sockets are
//   refused before opening.
// Refused as damaged: a file shorter than its header says, data of the wrong size, bytes after the
// last tensor (.npy) or not covered by any tensor (.safetensors, as its specification demands),
// overlapping or out-of-range data_offsets, a header that is not UTF-8 or not valid JSON, a key or
// tensor name given twice, a shape whose product overflows, unknown header keys.
//
// Errors: readers throw TensorFileError with one line that names the file, the tensor and the
// numbers involved, e.g. `model.safetensors: tensor "Q": data_offsets [0, 90] hold 90 bytes, but
// shape [2, 3, 4] F32 needs 96`. Writers return false with the same kind of line.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <stdexcept>
#include <vector>

namespace attn::io {

/// The element types read and written. Stored little-endian; every one converts to double exactly.
enum class DType { Float64, Float32, Float16, BFloat16 };

/// "float64", "float32", "float16" or "bfloat16".
QString dtypeName(DType dtype);

/// Bytes per element: 8, 4, 2 or 2.
int dtypeBytes(DType dtype);

/// A bad or unreadable tensor file; message() is one line for the user (see the header comment).
class TensorFileError : public std::runtime_error {
public:
    explicit TensorFileError(const QString &message) : std::runtime_error(message.toStdString()) {}
    QString message() const { return QString::fromStdString(what()); }
};

/// One tensor: its name, its shape as the file gives it (a leading batch dimension of 1 is kept;
/// see dropLeadingOne), and its values as doubles in C order.
struct NamedTensor {
    QString name;
    std::vector<qint64> shape;    ///< e.g. {H_q, n_q, d_k}; empty for a scalar (one value)
    std::vector<double> data;     ///< product(shape) values, row-major (the last index fastest)
    DType dtype = DType::Float64; ///< read: the type stored in the file; write: the type to store
};

/// Everything one file holds.
struct TensorFile {
    QString format;                     ///< "npy", "npz" or "safetensors"
    std::vector<NamedTensor> tensors;   ///< in file order (.safetensors: by data offset)
    QMap<QString, QString> metadata;    ///< the .safetensors "__metadata__" (string → string)
    QMap<QString, QStringList> strings; ///< .npy/.npz string arrays by name (e.g. "tokens")

    /// The tensor called `name`, or nullptr.
    const NamedTensor *find(const QString &name) const;
};

/// The size limits of a read (the header comment gives the defaults' reasons). Tests lower them.
struct ReadLimits {
    qint64 maxTotalBytes = qint64{1} << 30;                        ///< all tensors as doubles, 8 bytes each
    qint64 maxTensorElements = (qint64{1} << 31) - 1;              ///< per tensor
    qint64 maxHeaderBytes = qint64{100} << 20;                     ///< one .npy or .safetensors header
    qint64 maxFileBytes = (qint64{1} << 30) + (qint64{100} << 20); ///< the file; an .npz's members expanded
    int maxTensors = 65536;                                        ///< tensors and string arrays per file
    qint64 maxStrings = qint64{1} << 20;                           ///< strings per string array (tokens)
};

/// The number of elements of `shape` (1 for a scalar), or -1 when the product overflows qint64 or a
/// dimension is negative.
qint64 elementCount(const std::vector<qint64> &shape);

/// "[2, 3, 4]" (the style of the .safetensors header; "[]" for a scalar).
QString shapeText(const std::vector<qint64> &shape);

/// Drops a leading dimension of 1 when `tensor` has exactly `wantedRank` + 1 dimensions, so a
/// batch of one, [1, H, n, d], reads as [H, n, d] where rank 3 is wanted; returns whether it did.
/// The data is unchanged (C order). A tensor of another rank, or whose first dimension is not 1,
/// is left alone (the caller reports the shape).
bool dropLeadingOne(NamedTensor &tensor, int wantedRank);

/// Reads a .npy, .npz or .safetensors file, chosen by its first bytes (the header comment lists the
/// formats, types and limits). Throws TensorFileError naming the file by its name (no folder).
TensorFile readTensorFile(const QString &path, const ReadLimits &limits = {});

/// The same for bytes already in memory; `fileName` names them in messages and, for .npy, gives the
/// tensor's name ("Q.npy" → "Q"). The fuzz target's entry point.
TensorFile readTensorBytes(const QByteArray &bytes, const QString &fileName, const ReadLimits &limits = {});

/// Writes one tensor as a .npy file (version 1.0, '<f8' or '<f4' by tensor.dtype, C order),
/// atomically (QSaveFile: the old file stays on any failure). False and *error (one line) when the
/// dtype is not float64/float32, the data does not match the shape, a finite value overflows
/// float32, or the file cannot be written.
bool writeNpy(const QString &path, const NamedTensor &tensor, QString *error = nullptr);

/// Writes tensors (each as its dtype: float64 "F64" or float32 "F32") and string → string metadata
/// as a .safetensors file, atomically: the header is padded with spaces so the data starts on an
/// 8-byte boundary, tensors are stored in the given order without gaps. A training checkpoint puts
/// its configuration, task, step and seed in `metadata` and reads back bit for bit. False and
/// *error for an empty, repeated or "__metadata__" name, and as writeNpy.
bool writeSafetensors(const QString &path, const std::vector<NamedTensor> &tensors,
                      const QMap<QString, QString> &metadata = {}, QString *error = nullptr);

} // namespace attn::io
