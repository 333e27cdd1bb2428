#include "ui/views/interventions/keyinvariants.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::InterventionView", text);
}

bool placesMatter(const Scenario &s, QString *reason)
{
    if (s.mask.causal || s.mask.window)
        *reason = tr("a causal or window mask depends on key positions");
    else if (!s.mask.visible.empty())
        *reason = tr("an explicit visibility mask names keys by column");
    else if (!s.key_positions.empty())
        *reason = tr("the keys have explicit positions");
    else if (s.positional.kind != PositionalKind::None)
        *reason = tr("RoPE or ALiBi depends on key positions");
    else
        return false;
    return true;
}

template <typename M> M withColumnCopy(const M &m, Index column)
{
    M out(m.rows(), m.cols() + 1);
    out.leftCols(m.cols()) = m;
    out.col(m.cols()) = m.col(column);
    return out;
}

Matrix withRowCopy(const Matrix &m, Index row)
{
    Matrix out(m.rows() + 1, m.cols());
    out.topRows(m.rows()) = m;
    out.row(m.rows()) = m.row(row);
    return out;
}

} // namespace

PermutationCheck checkPermutation(const Scenario &scenario)
{
    PermutationCheck check;
    if (placesMatter(scenario, &check.reason)) return check;
    check.applicable = true;
    Scenario p = scenario;
    if (p.key.size() > 0) p.key = scenario.key.colwise().reverse();
    p.value = scenario.value.colwise().reverse();
    for (Matrix &m : p.scores) m = Matrix(m.rowwise().reverse());
    std::reverse(p.key_tokens.begin(), p.key_tokens.end());
    std::reverse(p.mask.key_padding.begin(), p.mask.key_padding.end());
    const AttentionTrace a = attend(scenario), b = attend(p);
    check.max_difference = (a.output - b.output).cwiseAbs().maxCoeff();
    return check;
}

DuplicateCheck checkDuplicate(const Scenario &scenario, Index key, int head, Index query)
{
    const AttentionTrace original = attend(scenario);
    const Index n_k = original.shapes.n_k;
    if (key < 0 || key >= n_k)
        throw ScenarioError("key",
                            "key " + std::to_string(key) + " is outside 0 … " + std::to_string(n_k - 1));
    // 1. Two copies: every per-key part gets the key's entry once more, at the end.
    Scenario d = scenario;
    QString ignored;
    if (placesMatter(scenario, &ignored)) { // keep everyone's place, the copy shares the key's
        d.query_positions = original.query_positions;
        d.key_positions = original.key_positions;
        d.key_positions.push_back(original.key_positions[std::size_t(key)]);
    }
    if (d.key.size() > 0) d.key = withRowCopy(scenario.key, key);
    d.value = withRowCopy(scenario.value, key);
    for (Matrix &m : d.scores) m = withColumnCopy(m, key);
    for (BoolMatrix &m : d.mask.visible) m = withColumnCopy(m, key);
    if (!d.key_tokens.empty()) d.key_tokens.push_back(d.key_tokens[std::size_t(key)] + "\u2032");
    if (!d.mask.key_padding.empty()) d.mask.key_padding.push_back(d.mask.key_padding[std::size_t(key)]);
    const AttentionTrace copies = attend(d);
    // 2. One key, logit + ln 2: the original logits as raw scores (scale 1, no positional bias,
    //    since the logits already hold it), that column raised.
    Scenario r = scenario;
    r.query_positions = original.query_positions;
    r.key_positions = original.key_positions;
    r.query = Matrix();
    r.key = Matrix();
    r.score = ScoreKind::Dot;
    r.additive.reset();
    r.scale = 1.0;
    r.temperature = 1.0;
    r.positional = PositionalSpec();
    r.scores.clear();
    for (const HeadTrace &h : original.heads) {
        Matrix logits = h.logits;
        logits.col(key).array() += std::log(2.0);
        r.scores.push_back(logits);
    }
    const AttentionTrace raised = attend(r);

    DuplicateCheck check;
    const std::size_t hh = std::size_t(head);
    check.weight_before = original.heads[hh].weights(query, key);
    check.weight_copies = copies.heads[hh].weights(query, key) + copies.heads[hh].weights(query, n_k);
    check.weight_raised = raised.heads[hh].weights(query, key);
    check.output_copies = copies.heads[hh].output.row(query);
    check.max_difference =
        (copies.heads[hh].output.row(query) - raised.heads[hh].output.row(query)).cwiseAbs().maxCoeff();
    return check;
}

} // namespace attn::ui
