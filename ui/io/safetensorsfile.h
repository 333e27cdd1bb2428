// The .safetensors format (Hugging Face's specification): an 8-byte little-endian header length N,
// N bytes of UTF-8 JSON — {"name": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]}, …,
// "__metadata__": {"key": "value", …}} — then the data, which the tensors' offsets (relative to
// the data's start) cover exactly once, without holes. Written by writeSafetensors (tensorfile.h).
#pragma once

#include "ui/io/tensorfile.h"

namespace attn::io {

class ByteSource;
class ReadBudget;

/// Reads every tensor and the metadata of the .safetensors file in `source` into `file`, tensors in
/// the order of their data. The whole header is checked (dtypes, shapes, offsets against each
/// other and the file, the budget) before any data is read. Throws TensorFileError.
void readSafetensors(const ByteSource &source, ReadBudget &budget, TensorFile &file);

/// The byte offset of the first byte of `bytes` that is not well-formed UTF-8 (a stray
/// continuation byte, a truncated sequence, an overlong form, a surrogate, beyond U+10FFFF), or -1.
qsizetype firstInvalidUtf8(const QByteArray &bytes);

} // namespace attn::io
