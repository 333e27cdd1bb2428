#include "core/projection.h"

#include "core/scenario.h"

#include <cmath>
#include <string>

namespace attn {

namespace {

std::string str(Index v)
{
    return std::to_string(static_cast<long long>(v));
}

/// "1 row", "3 rows".
std::string rowsText(Index n)
{
    return str(n) + (n == 1 ? " row" : " rows");
}

std::string shapeText(const Matrix &m)
{
    return str(m.rows()) + " × " + str(m.cols());
}

[[noreturn]] void fail(const std::string &field, const std::string &message)
{
    throw ScenarioError(field, message);
}

/// W must have `rows` rows (the width of its input, named by `input`).
void checkRows(const char *field, const Matrix &w, Index rows, const char *input)
{
    if (w.size() == 0) fail(field, "is missing (" + std::string(input) + " needs it)");
    if (w.rows() != rows) {
        fail(field, "expected " + rowsText(rows) + " (d_model, the columns of " + input + "), found " +
                        shapeText(w));
    }
}

/// A bias is one row as wide as its weight's columns, or absent.
void checkBias(const char *field, const Matrix &b, Index cols, const char *weight)
{
    if (b.size() == 0) return;
    if (b.rows() != 1 || b.cols() != cols) {
        fail(field, "expected 1 × " + str(cols) + " (one row, the columns of " + weight + "), found " +
                        shapeText(b));
    }
}

/// x·w + b, refusing a product that is not finite while its inputs are.
Matrix affine(const Matrix &x, const Matrix &w, const Matrix &b, const char *name, const char *formula)
{
    Matrix y = x * w; // (rows of x, cols of w)
    if (b.size() > 0) y.rowwise() += b.row(0);
    if (x.allFinite() && w.allFinite() && (b.size() == 0 || b.allFinite()) && !y.allFinite()) {
        for (Index i = 0; i < y.rows(); ++i) {
            for (Index j = 0; j < y.cols(); ++j) {
                if (!std::isfinite(y(i, j))) {
                    fail(name, "row " + str(i) + ", column " + str(j) + " is not finite: " + formula +
                                   " overflowed");
                }
            }
        }
    }
    return y;
}

} // namespace

void project(Scenario &s)
{
    if (!s.projection) return;
    const Projection &p = *s.projection;
    if (p.X.size() == 0) fail("X", "is empty (" + shapeText(p.X) + ")");
    const bool cross = p.X_kv.size() > 0;
    const Matrix &xkv = p.keyValueInput();
    const char *kvName = cross ? "X_kv" : "X";
    checkRows("W_q", p.W_q, p.X.cols(), "X");
    checkRows("W_k", p.W_k, xkv.cols(), kvName);
    checkRows("W_v", p.W_v, xkv.cols(), kvName);
    checkBias("b_q", p.b_q, p.W_q.cols(), "W_q");
    checkBias("b_k", p.b_k, p.W_k.cols(), "W_k");
    checkBias("b_v", p.b_v, p.W_v.cols(), "W_v");
    s.query = affine(p.X, p.W_q, p.b_q, "Q", "X·W_q + b_q");                            // (n_q, H_q·d_k)
    s.key = affine(xkv, p.W_k, p.b_k, "K", cross ? "X_kv·W_k + b_k" : "X·W_k + b_k");   // (n_k, H_kv·d_k)
    s.value = affine(xkv, p.W_v, p.b_v, "V", cross ? "X_kv·W_v + b_v" : "X·W_v + b_v"); // (n_k, H_kv·d_v)
}

void checkOutputProjection(const Scenario &s, Index concatenatedWidth)
{
    if (s.W_o.size() == 0) {
        if (s.b_o.size() > 0) fail("b_o", "is given without W_o");
        return;
    }
    if (s.W_o.rows() != concatenatedWidth) {
        fail("W_o", "expected " + rowsText(concatenatedWidth) + " (H_q·d_v, the heads concatenated), found " +
                        shapeText(s.W_o));
    }
    checkBias("b_o", s.b_o, s.W_o.cols(), "W_o");
}

Matrix projectOutput(const Scenario &s, const Matrix &output)
{
    if (s.W_o.size() == 0) return {};
    checkOutputProjection(s, output.cols());
    Matrix y = output * s.W_o; // (n_q, d_out)
    if (s.b_o.size() > 0) y.rowwise() += s.b_o.row(0);
    return y;
}

} // namespace attn
