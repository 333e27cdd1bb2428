#include "ui/io/bytesource.h"
#include "ui/io/tensorfile.h"

#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

namespace attn::io {

namespace {

/// What a path that is not a regular file is, for "x is <kind>, not a tensor file"; empty for a
/// regular file (after symbolic links) or a path that does not exist (QFile says why).
QString notARegularFile(const QString &path)
{
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) != 0) return {};
    if (S_ISREG(status.st_mode)) return {};
    if (S_ISDIR(status.st_mode)) return QStringLiteral("a folder");
    if (S_ISFIFO(status.st_mode)) return QStringLiteral("a named pipe (FIFO)");
    if (S_ISSOCK(status.st_mode)) return QStringLiteral("a socket");
    if (S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode)) return QStringLiteral("a device");
    return QStringLiteral("a special file");
}

} // namespace

ByteSource::ByteSource(QByteArray bytes, QString fileName)
    : m_bytes(std::move(bytes)), m_size(m_bytes.size()), m_fileName(std::move(fileName))
{
}

ByteSource::ByteSource(ByteSource &&) noexcept = default;
ByteSource &ByteSource::operator=(ByteSource &&) noexcept = default;
ByteSource::~ByteSource() = default;

ByteSource ByteSource::openFile(const QString &path, qint64 maxBytes)
{
    const QString name = QFileInfo(path).fileName();
    if (path.isEmpty()) throw TensorFileError(QStringLiteral("no file name given"));
    if (const QString kind = notARegularFile(path); !kind.isEmpty())
        throw TensorFileError(QStringLiteral("%1: is %2, not a tensor file").arg(name, kind));
    ByteSource source;
    source.m_fileName = name;
    source.m_file = std::make_unique<QFile>(path);
    if (!source.m_file->open(QIODevice::ReadOnly))
        throw TensorFileError(
            QStringLiteral("%1: cannot read the file: %2").arg(name, source.m_file->errorString()));
    source.m_size = source.m_file->size();
    if (source.m_size > maxBytes)
        throw TensorFileError(
            QStringLiteral("%1: the file has %2 bytes, more than the %3 a tensor file may have")
                .arg(name, QString::number(source.m_size), QString::number(maxBytes)));
    return source;
}

QByteArray ByteSource::read(qint64 offset, qint64 length, const QString &what) const
{
    if (offset < 0 || length < 0 || offset > m_size || length > m_size - offset)
        throw TensorFileError(QStringLiteral("%1: %2 would need bytes %3 to %4, but the file has %5")
                                  .arg(m_fileName, what, QString::number(offset),
                                       QString::number(offset + length), QString::number(m_size)));
    if (!m_file) return m_bytes.mid(offset, length);
    QByteArray out;
    if (m_file->seek(offset)) out = m_file->read(length);
    if (out.size() != length)
        throw TensorFileError(
            QStringLiteral("%1: the file ended after %2 bytes while reading %3 (bytes %4 to %5; it "
                           "had %6 bytes when opened)%7")
                .arg(m_fileName, QString::number(offset + out.size()), what, QString::number(offset),
                     QString::number(offset + length), QString::number(m_size),
                     m_file->error() == QFileDevice::NoError ? QString()
                                                             : QStringLiteral(": ") + m_file->errorString()));
    return out;
}

} // namespace attn::io
