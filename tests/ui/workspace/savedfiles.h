// What the workspace and autosave tests compare saved files and matrices with.
#pragma once

#include "core/tensor.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstring>

namespace attn::test {

/// True when both matrices have the same shape and every entry has the same bits.
inline bool sameBits(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

/// The bytes of the file at `path`, or nothing when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace attn::test
