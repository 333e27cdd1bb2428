#include "ui/views/mask/masktext.h"

#include "ui/base/numbertext.h"
#include "ui/views/mask/maskedits.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace attn::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::MaskEditorView", text);
}

QString bound(const std::optional<std::int64_t> &b)
{
    return b ? QString::number(*b) : QStringLiteral("∞");
}

QString policyName(MaskedRowPolicy policy)
{
    return QString::fromLatin1(toString(policy));
}

} // namespace

QString maskSummaryText(const Scenario &s, Index n_q, Index n_k)
{
    QStringList parts;
    if (s.mask.causal) parts << tr("causal");
    if (s.mask.window)
        parts << tr("window: left %1, right %2").arg(bound(s.mask.window->left), bound(s.mask.window->right));
    const long padded = std::count(s.mask.key_padding.begin(), s.mask.key_padding.end(), false);
    if (padded > 0) parts << tr("key_padding: %1 padded").arg(padded);
    if (!s.mask.visible.empty()) {
        long hidden = 0;
        for (const BoolMatrix &m : s.mask.visible) hidden += static_cast<long>((!m.array()).count());
        parts << tr("custom: %1 hidden cell(s)").arg(hidden);
    }
    if ((s.mask.causal || s.mask.window) && n_q != n_k && s.query_positions.empty())
        parts << tr("alignment %1").arg(QString::fromLatin1(toString(s.alignment)));
    QString text = parts.isEmpty() ? tr("No mask: every query sees every key")
                                   : tr("Mask: ") + parts.join(QStringLiteral(" · "));
    return text + tr(" · a row with no visible key: “%1”").arg(policyName(s.mask.all_masked_rows));
}

QString emptyRowNote(MaskedRowPolicy policy)
{
    switch (policy) {
    case MaskedRowPolicy::Zero: return tr("sees no key · policy “zero”: weights 0, output 0");
    case MaskedRowPolicy::NaN: return tr("sees no key · policy “nan”: weights and output NaN");
    case MaskedRowPolicy::Uniform:
        return tr("sees no key · policy “uniform”: 1/n_k on every key, hidden ones too");
    case MaskedRowPolicy::Error: return tr("sees no key · policy “error”");
    }
    return {};
}

QString maskedReasonsText(const Scenario &s, const Positions &positions, int head, Index query, Index key,
                          const QString &keyLabel)
{
    const MaskReasons why = maskReasons(s, positions, head, query, key);
    const std::int64_t pq = positions.query[static_cast<std::size_t>(query)];
    const std::int64_t pk = positions.key[static_cast<std::size_t>(key)];
    QStringList lines;
    if (why.causal)
        lines << (s.mask.prefix_length
                      ? tr("• causal: key position %1 > query position %2, and not in the prefix (< %3)")
                            .arg(pk)
                            .arg(pq)
                            .arg(*s.mask.prefix_length)
                      : tr("• causal: key position %1 > query position %2").arg(pk).arg(pq));
    if (why.window)
        lines << tr("• window: key position %1 outside [%2 − %3, %2 + %4]")
                     .arg(pk)
                     .arg(pq)
                     .arg(bound(s.mask.window->left), bound(s.mask.window->right));
    if (why.padding) lines << tr("• key_padding: “%1” is a padding token").arg(keyLabel);
    if (why.custom) lines << tr("• custom: a 0 in the visible matrix");
    if (why.document) {
        const DocumentIds docs = documentIds(s);
        lines << tr("• document: the query is in document %1, the key in document %2")
                     .arg(docs.query[static_cast<std::size_t>(query)])
                     .arg(docs.key[static_cast<std::size_t>(key)]);
    }
    return lines.join(QLatin1Char('\n'));
}

QString maskedValueCheckText(const MaskedValueCheck &check, const QString &queryLabel, MaskedRowPolicy policy,
                             double tolerance, bool *passed)
{
    bool ok = true;
    QString text;
    if (!check.computed) {
        ok = false;
        text = tr("Masked-token check could not run: %1").arg(QString::fromStdString(check.error));
    } else if (check.maskedKeys == 0) {
        text = tr("Masked-token check: “%1” sees every key, so no hidden value to change.").arg(queryLabel);
    } else {
        ok = check.maxDelta <= tolerance;
        const QString keys = check.maskedKeys == 1 ? tr("the key") : tr("the %1 keys").arg(check.maskedKeys);
        text =
            ok ? tr("Masked-token check: changing V of %1 hidden from “%2” leaves its output unchanged — "
                    "max |ΔO| = %3")
                     .arg(keys, queryLabel, exactNumber(check.maxDelta))
               : tr("Masked-token check: changing V of %1 hidden from “%2” moves its output — max |ΔO| = %3 "
                    "(policy “%4” mixes hidden values in)")
                     .arg(keys, queryLabel, compactNumber(check.maxDelta), policyName(policy));
        if (check.bothNaN && ok) text += tr(" (NaN before and after)");
    }
    if (passed) *passed = ok;
    return text;
}

} // namespace attn::ui
