// Small tensors shared by the core test suites, written so each value can be checked by hand.
#pragma once

#include "core/scenario.h"

#include <initializer_list>

namespace attn::test {

/// A (rows, cols) matrix from its entries in row order.
inline Matrix mat(Index rows, Index cols, std::initializer_list<double> values)
{
    Matrix m(rows, cols);
    auto it = values.begin();
    for (Index i = 0; i < rows; ++i)
        for (Index j = 0; j < cols; ++j) m(i, j) = *it++;
    return m;
}

/// The worked example: q = [1, 0], k1 = [1, 0], k2 = [0, 1], v1 = [2, 0], v2 = [0, 4], d_k = 2.
/// Scaled scores [0.70711, 0]; weights [0.66976, 0.33024]; output [1.33952, 1.32095].
inline Scenario workedExample()
{
    Scenario s;
    s.query = mat(1, 2, {1, 0});
    s.key = mat(2, 2, {1, 0, 0, 1});
    s.value = mat(2, 2, {2, 0, 0, 4});
    return s;
}

} // namespace attn::test
