// The worked example of the design map (lesson 3), built in code for the ui tests:
// q = [1, 0], k1 = [1, 0], k2 = [0, 1], v1 = [2, 0], v2 = [0, 4], d_k = 2.
#pragma once

#include "core/scenario.h"

namespace attn::test {

inline Scenario workedExample()
{
    Scenario s;
    s.title = "worked example";
    s.query_tokens = {"q"};
    s.key_tokens = {"k1", "k2"};
    s.query.resize(1, 2);
    s.query << 1, 0;
    s.key.resize(2, 2);
    s.key << 1, 0, 0, 1;
    s.value.resize(2, 2);
    s.value << 2, 0, 0, 4;
    return s;
}

} // namespace attn::test
