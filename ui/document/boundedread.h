// Reading a whole file the safe way, for every reader of the program: only regular files are
// read (a folder, a named pipe, a socket, a terminal or another device is refused before a byte
// is read, since a pipe or a terminal would block and /dev/zero never ends), and the read stops
// one byte past a limit counted in bytes actually read (QFileInfo::size() is 0 for /dev/zero and
// for the files of /proc).
#pragma once

#include <QByteArray>
#include <QString>

namespace attn::doc {

/// What readFileBounded() found.
struct BoundedRead {
    enum class Status {
        Ok,         ///< bytes holds the whole file
        Missing,    ///< no such file (a dangling symbolic link included)
        Loop,       ///< symbolic links that point at each other
        NotAFile,   ///< a folder, pipe, socket or device: `kind` names it
        TooLarge,   ///< more than the limit: bytes holds the first limit + 1 bytes
        Unreadable, ///< opened or read with an error (no permission, I/O error): `reason` says it
    };
    Status status = Status::Ok;
    QByteArray bytes;
    /// For NotAFile: "a folder", "a named pipe (FIFO)", "a socket", "a character device (a
    /// terminal, /dev/zero, …)" or "a block device" (an indefinite article first, to follow "is").
    QString kind;
    /// For every failure: a short lower-case phrase ready to follow "cannot read FILE: ", e.g.
    /// "there is no such file", "its symbolic links form a loop", "it is a folder", "it holds more
    /// than 16 MiB", or the system's error text.
    QString reason;

    bool ok() const { return status == Status::Ok; }
};

/// Reads the file at `path` (after symbolic links), at most `maxBytes` bytes. Opens without
/// blocking (O_NONBLOCK) and checks the opened file's kind with fstat, so a path swapped for a
/// pipe between a check and the open cannot block either. Qt resource paths (":/…") are read
/// through QFile. Never reads more than `maxBytes` + 1 bytes, in pieces of 64 KiB.
BoundedRead readFileBounded(const QString &path, qint64 maxBytes);

/// `path` as a one-line message shows it: native separators, and every control character (a
/// newline, a tab, an escape) written as \n, \t, \r or \xNN, so that a file name cannot split
/// a message line or drive a terminal. Other text (accents, CJK) is kept as it is.
QString printableFileName(const QString &path);

/// `bytes` formatted for a message: "16 MiB", "64 KiB", "512 bytes".
QString byteLimitText(qint64 bytes);

} // namespace attn::doc
