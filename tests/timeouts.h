// Timeouts of tests that wait for real work (a benchmark run, a child process). Sanitizer builds
// run that work several times slower, so the build scales every such wait by
// ATTN_TEST_TIMEOUT_FACTOR (CMake cache variable; the "asan" preset sets 5). What the tests
// check is the same in every build.
#pragma once

#ifndef ATTN_TEST_TIMEOUT_FACTOR
#define ATTN_TEST_TIMEOUT_FACTOR 1
#endif

namespace attn::test {

/// `milliseconds` times ATTN_TEST_TIMEOUT_FACTOR.
constexpr int scaledTimeout(int milliseconds)
{
    return milliseconds * ATTN_TEST_TIMEOUT_FACTOR;
}

} // namespace attn::test
