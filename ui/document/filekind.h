// What kind of file a path names, before a reader opens it: opening a named pipe for reading
// blocks until some other program writes to it, so the readers refuse pipes and sockets first.
#pragma once

#include <QString>

namespace attn::doc {

/// "a named pipe (FIFO)" or "a socket" when `path` names one (after symbolic links), else an
/// empty string (a regular file, a folder, a device, or nothing at all: the caller's own checks
/// and QFile report those).
QString unreadableFileKind(const QString &path);

} // namespace attn::doc
