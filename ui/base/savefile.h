// Writing a whole file in one step: the new contents or, on any failure, the old file untouched.
#pragma once

#include <QByteArray>
#include <QString>

namespace attn::ui {

/// Replaces the file at `path` by `bytes` through QSaveFile (a temporary file renamed over the
/// old one on success). The write is unbuffered and checked, so a disk that fills part way, a
/// missing or read-only folder, or a path whose parent is a file all fail before the rename and
/// leave any previous file exactly as it was. Returns false and sets *reason (if given) to a
/// short lower-case phrase: QFileDevice's error text, or "the disk is full" when a short write
/// leaves no error text.
bool saveFileAtomically(const QString &path, const QByteArray &bytes, QString *reason = nullptr);

} // namespace attn::ui
