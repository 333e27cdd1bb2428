#include "ui/document/boundedread.h"

#include <QDir>
#include <QFile>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace attn::doc {

namespace {

constexpr qint64 kPiece = qint64{64} << 10;

BoundedRead failure(BoundedRead::Status status, const QString &reason, const QString &kind = {})
{
    BoundedRead read;
    read.status = status;
    read.reason = reason;
    read.kind = kind;
    return read;
}

/// The kind of a file that is not a regular one, or empty for a regular file.
QString kindOf(mode_t mode)
{
    if (S_ISREG(mode)) return {};
    if (S_ISDIR(mode)) return QStringLiteral("a folder");
    if (S_ISFIFO(mode)) return QStringLiteral("a named pipe (FIFO)");
    if (S_ISSOCK(mode)) return QStringLiteral("a socket");
    if (S_ISCHR(mode)) return QStringLiteral("a character device (a terminal, /dev/zero, …)");
    if (S_ISBLK(mode)) return QStringLiteral("a block device");
    return QStringLiteral("a special file");
}

BoundedRead openFailure(const QByteArray &native, int error)
{
    if (error == ELOOP)
        return failure(BoundedRead::Status::Loop, QStringLiteral("its symbolic links form a loop"));
    if (error == ENOENT || error == ENOTDIR) {
        struct stat link {};
        const bool dangling = ::lstat(native.constData(), &link) == 0 && S_ISLNK(link.st_mode);
        return failure(BoundedRead::Status::Missing,
                       dangling ? QStringLiteral("it is a symbolic link to a file that does not exist")
                                : QStringLiteral("there is no such file"));
    }
    if (error == ENXIO) { // a socket, or a device with nothing behind it (/dev/tty without a terminal)
        struct stat info {};
        const QString kind = ::stat(native.constData(), &info) == 0 ? kindOf(info.st_mode) : QString();
        const QString what = kind.isEmpty() ? QStringLiteral("a socket") : kind;
        return failure(BoundedRead::Status::NotAFile, QStringLiteral("it is ") + what, what);
    }
    return failure(BoundedRead::Status::Unreadable, QString::fromLocal8Bit(std::strerror(error)));
}

BoundedRead readResource(const QString &path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failure(BoundedRead::Status::Missing, QStringLiteral("there is no such file"));
    BoundedRead read;
    read.bytes = file.read(maxBytes + 1);
    if (read.bytes.size() > maxBytes) {
        read.status = BoundedRead::Status::TooLarge;
        read.reason = QStringLiteral("it holds more than %1").arg(byteLimitText(maxBytes));
    }
    return read;
}

} // namespace

QString printableFileName(const QString &path)
{
    QString out;
    out.reserve(path.size());
    for (const QChar c : QDir::toNativeSeparators(path)) {
        const char16_t u = c.unicode();
        if (u == u'\n')
            out += QStringLiteral("\\n");
        else if (u == u'\t')
            out += QStringLiteral("\\t");
        else if (u == u'\r')
            out += QStringLiteral("\\r");
        else if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0) || u == 0x2028 || u == 0x2029)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

QString byteLimitText(qint64 bytes)
{
    if (bytes >= (qint64{1} << 20) && bytes % (qint64{1} << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    if (bytes >= 1024 && bytes % 1024 == 0) return QStringLiteral("%1 KiB").arg(bytes >> 10);
    return QStringLiteral("%1 bytes").arg(bytes);
}

BoundedRead readFileBounded(const QString &path, qint64 maxBytes)
{
    if (path.isEmpty()) return failure(BoundedRead::Status::Missing, QStringLiteral("no file name given"));
    if (path.startsWith(QLatin1String(":/"))) return readResource(path, maxBytes);
    const QByteArray native = QFile::encodeName(path);
    // Non-blocking, and not the controlling terminal: a FIFO opens at once instead of waiting for
    // a writer, a terminal does not become this process's.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return openFailure(native, errno);
    const auto closeAndReturn = [fd](BoundedRead read) {
        ::close(fd);
        return read;
    };
    struct stat status {};
    if (::fstat(fd, &status) != 0)
        return closeAndReturn(
            failure(BoundedRead::Status::Unreadable, QString::fromLocal8Bit(std::strerror(errno))));
    if (const QString kind = kindOf(status.st_mode); !kind.isEmpty())
        return closeAndReturn(
            failure(BoundedRead::Status::NotAFile, QStringLiteral("it is %1").arg(kind), kind));
    // A regular file: reads of it never block, but say so plainly.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);

    BoundedRead read;
    for (;;) {
        const qint64 room = maxBytes + 1 - read.bytes.size();
        if (room <= 0) break;
        const qint64 piece = std::min(room, kPiece);
        const qsizetype before = read.bytes.size();
        read.bytes.resize(before + piece);
        const ssize_t got = ::read(fd, read.bytes.data() + before, static_cast<size_t>(piece));
        if (got < 0 && errno == EINTR) {
            read.bytes.resize(before);
            continue;
        }
        if (got < 0) {
            const int error = errno;
            return closeAndReturn(
                failure(BoundedRead::Status::Unreadable, QString::fromLocal8Bit(std::strerror(error))));
        }
        read.bytes.resize(before + got);
        if (got == 0) break;
    }
    ::close(fd);
    if (read.bytes.size() > maxBytes) {
        read.status = BoundedRead::Status::TooLarge;
        read.reason = QStringLiteral("it holds more than %1").arg(byteLimitText(maxBytes));
    }
    return read;
}

} // namespace attn::doc
