// Qt warnings fail the test function that causes them: every test class calls
// attn::test::failOnQtWarnings() in its init() slot. A stray "QPainter::begin" or model-index
// warning is a defect; a warning a test provokes on purpose is declared with QTest::ignoreMessage.
#pragma once

#include "userfolders.h" // every test runs in QStandardPaths' test mode

#include <QRegularExpression>
#include <QTest>

namespace attn::test {

/// Turns every Qt warning of the current test function into a failure, except the offscreen
/// platform plugin's notices that it lacks a window-system feature ("This plugin does not
/// support raise()"), which come from the test platform, not from the code under test.
inline void failOnQtWarnings()
{
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^(?!This plugin does not support )")));
}

} // namespace attn::test
