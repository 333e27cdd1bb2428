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

/// The worked example as learned projections: X = [1, 0] asks, X_kv = I is read,
/// W_q = W_k = I and W_v = diag(2, 4), so Q, K and V are the worked example's.
inline Scenario projectedWorkedExample()
{
    Scenario s = workedExample();
    Projection p;
    p.X = Matrix::Identity(1, 2);
    p.X_kv = Matrix::Identity(2, 2);
    p.W_q = Matrix::Identity(2, 2);
    p.W_k = Matrix::Identity(2, 2);
    p.W_v = s.value;
    s.projection = p;
    project(s);
    return s;
}

} // namespace attn::test
