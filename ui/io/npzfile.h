// NumPy's .npz: a zip archive whose members are .npy arrays ("Q.npy" holds the tensor "Q"), stored
// (np.savez) or deflated (np.savez_compressed). The zip container is read by libzip.
#pragma once

#include "ui/io/tensorfile.h"

namespace attn::io {

class ByteSource;
class ReadBudget;

/// Reads every member of the .npz archive in `source` into `file`, in the archive's order. Refused:
/// an archive libzip cannot open or finds inconsistent, a member that is not a .npy file, a name
/// given twice, an encrypted member, a compression other than stored or deflate, members whose
/// directory sizes add up to more than limits().maxFileBytes (checked before expanding any), and a
/// member that expands to another size than its directory says or fails its CRC. Each member is then
/// read as readNpy does. Throws TensorFileError.
void readNpz(const ByteSource &source, ReadBudget &budget, TensorFile &file);

} // namespace attn::io
