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
    return {};
}

} // namespace attn::doc
