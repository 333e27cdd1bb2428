// The rule every bad-input message follows (docs/bad-inputs.md): it is for learners, so one line
// with no C++ or Qt internals.
#pragma once

#include <QString>
#include <QTest>

namespace attn::test {

/// Fails the test when `message` is empty, spans lines, or shows C++ or Qt internals.
inline void verifyReadable(const QString &message)
{
    QVERIFY2(!message.isEmpty(), "no message");
    for (const char *internal : {"std::", "bad_alloc", "Q_ASSERT", "QJson", "Eigen", "exception"})
        QVERIFY2(!message.contains(QLatin1String(internal)), qPrintable(message));
    QVERIFY2(!message.contains(u'\n'), qPrintable(message));
}

} // namespace attn::test
