#include "ui/document/filekind.h"

#include <QFile>

#include <sys/stat.h>

namespace attn::doc {

QString unreadableFileKind(const QString &path)
{
    struct stat status {};
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &status) != 0) return {};
    if (S_ISFIFO(status.st_mode)) return QStringLiteral("a named pipe (FIFO)");
    if (S_ISSOCK(status.st_mode)) return QStringLiteral("a socket");
    if (S_ISCHR(status.st_mode)) return QStringLiteral("a character device");
    if (S_ISBLK(status.st_mode)) return QStringLiteral("a block device");
    return {};
}

} // namespace attn::doc
