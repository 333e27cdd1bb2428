// Small file helpers for tests that write bad inputs and check what was left on disk.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTest>

namespace attn::test {

/// Writes `bytes` to a new file at `path` (fails the calling test when it cannot).
inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

/// The bytes of the file at `path`, or "<unreadable>".
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

} // namespace attn::test
