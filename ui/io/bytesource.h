// The bytes of one tensor file, read in bounded pieces: from a regular file on disk (never a
// device, a pipe or a socket) or from memory (an .npz member, a fuzzer's input).
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QFile;

namespace attn::io {

class ByteSource {
public:
    /// The bytes in memory; `fileName` names them in messages.
    ByteSource(QByteArray bytes, QString fileName);

    /// The regular file at `path`, opened for reading. Throws TensorFileError, naming the file by
    /// its name, for a missing or unreadable file, a folder, a device, a named pipe or a socket
    /// (refused before opening: opening a pipe waits for a writer), or a file larger than maxBytes.
    static ByteSource openFile(const QString &path, qint64 maxBytes);

    ByteSource(ByteSource &&) noexcept;
    ByteSource &operator=(ByteSource &&) noexcept;
    ~ByteSource();

    /// The size when opened, in bytes.
    qint64 size() const { return m_size; }

    /// The name used in messages ("model.safetensors").
    const QString &fileName() const { return m_fileName; }

    /// Exactly `length` bytes from `offset`. Callers check the range against size() first; this
    /// checks it again, and throws TensorFileError ("…: the file ended after 80 bytes while reading
    /// <what>, …") when a file read returns fewer bytes (it shrank, or the device failed).
    QByteArray read(qint64 offset, qint64 length, const QString &what) const;

private:
    ByteSource() = default;

    QByteArray m_bytes;
    std::unique_ptr<QFile> m_file; // null for bytes in memory
    qint64 m_size = 0;
    QString m_fileName;
};

} // namespace attn::io
