// Tests never read or write the real user's settings, data or cache: every test executable runs
// with QStandardPaths' test mode (~/.qttest/… instead of ~/.config, ~/.local/share, ~/.cache),
// switched on while the program loads, before any test function, window or QSettings exists.
// strictwarnings.h includes this header, and every test includes strictwarnings.h (ui.layering
// checks both). Child processes of the command-line tests get folders of their own instead
// (runcli.h).
#pragma once

#include <QStandardPaths>

namespace attn::test {

/// True once the test mode is on; initialised in every test executable that includes this header.
inline const bool kUserFoldersIsolated = [] {
    QStandardPaths::setTestModeEnabled(true);
    return true;
}();

} // namespace attn::test
