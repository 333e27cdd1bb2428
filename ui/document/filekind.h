// What kind of file a path names, before a reader opens it: opening a named pipe for reading
// blocks until some other program writes to it, and reading a terminal (/dev/tty, or
// /dev/stdin on one) blocks until someone types, so the readers refuse pipes, sockets and
// devices first.
#pragma once

#include <QString>

namespace attn::doc {

/// "a named pipe (FIFO)", "a socket", "a character device" (a terminal, /dev/zero, /dev/null …)
/// or "a block device" when `path` names one (after symbolic links: /dev/stdin on a terminal is
/// a character device, on a pipe a FIFO), else an empty string (a regular file, a folder, or
/// nothing at all: the caller's own checks and QFile report those). A device is refused whatever
/// it would give: a terminal waits for input, /dev/zero never ends, /dev/null is always empty.
QString unreadableFileKind(const QString &path);

} // namespace attn::doc
