#include "ui/views/mask/maskcontrols.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

MaskControls::MaskControls(QWidget *parent) : QWidget(parent)
{
    m_causal = new QPushButton(tr("Causal"), this);
    m_causal->setToolTip(tr("Each query sees only keys at or before its own position (pos_k ≤ pos_q). The "
                            "cells you hid stay hidden: the parts of a mask combine with AND."));
    m_alignment = new QComboBox(this);
    m_alignment->addItem(tr("bottom-right"), static_cast<int>(Alignment::BottomRight));
    m_alignment->addItem(tr("top-left"), static_cast<int>(Alignment::TopLeft));
    m_alignment->setToolTip(
        tr("Where query i sits among the keys when n_q ≠ n_k: top-left puts the first query at the "
           "first key's position (min pos_k + i), bottom-right puts the last query at the last key's "
           "(max pos_k − (n_q − 1 − i)); with the default positions 0 … n_k − 1 that is i + n_k − n_q."));
    const auto makeSpin = [this](const QString &tip) {
        auto *spin = new QSpinBox(this);
        spin->setRange(-1, 4096);
        spin->setSpecialValueText(QStringLiteral("∞"));
        spin->setToolTip(tip);
        return spin;
    };
    m_left = makeSpin(tr("Keys visible to the left of the query (∞ = unbounded)."));
    m_right = makeSpin(tr("Keys visible to the right of the query (∞ = unbounded)."));
    m_left->setValue(2);
    m_right->setValue(0);
    m_window = new QPushButton(tr("Window"), this);
    m_window->setToolTip(
        tr("Keep only keys with pos_q − left ≤ pos_k ≤ pos_q + right: left + 1 + right keys, "
           "the query's own position included. The cells you hid stay hidden."));
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setToolTip(tr("Every key visible to every query."));
    m_policy = new QComboBox(this);
    for (MaskedRowPolicy p :
         {MaskedRowPolicy::Zero, MaskedRowPolicy::NaN, MaskedRowPolicy::Uniform, MaskedRowPolicy::Error})
        m_policy->addItem(QString::fromLatin1(toString(p)), static_cast<int>(p));
    m_policy->setToolTip(tr("What a query that sees no key gets: zero (weights and output 0), nan, uniform "
                            "(1/n_k over every key, hidden ones too) or error (refuse to compute)."));

    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->setSpacing(2);
    auto *controls = new QHBoxLayout;
    rows->addLayout(controls);
    controls->addWidget(m_causal);
    controls->addWidget(new QLabel(tr("alignment:"), this));
    controls->addWidget(m_alignment);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("left"), this));
    controls->addWidget(m_left);
    controls->addWidget(new QLabel(tr("right"), this));
    controls->addWidget(m_right);
    controls->addWidget(m_window);
    controls->addSpacing(12);
    controls->addWidget(m_clear);
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("row with no visible key:"), this));
    controls->addWidget(m_policy);
    m_headLabel = new QLabel(tr("head"), this);
    m_head = new QSpinBox(this);
    m_head->setToolTip(tr("The query head whose mask and weights the grid shows."));
    controls->addWidget(m_headLabel);
    controls->addWidget(m_head);

    // Row 2: document ids (attention-gym's document mask) and the prefix of a prefix LM.
    const QString documentsTip =
        tr("Document ids of a packed sequence, one integer per token (“0 0 0 1 1”): a query sees only\n"
           "keys of its own document (the document mask of attention-gym and FlexAttention). It combines\n"
           "with causal, window and padding by AND. Press Enter to apply; an empty box removes it.");
    m_keyDocumentsLabel = new QLabel(tr("documents:"), this);
    m_keyDocumentsLabel->setToolTip(documentsTip);
    m_keyDocuments = new QLineEdit(this);
    m_keyDocuments->setObjectName(QStringLiteral("keyDocuments"));
    m_keyDocuments->setToolTip(documentsTip);
    m_keyDocuments->setPlaceholderText(tr("none (e.g. 0 0 1 1)"));
    m_keyDocuments->setMinimumWidth(180);
    m_queryDocumentsLabel = new QLabel(tr("query documents:"), this);
    m_queryDocumentsLabel->setToolTip(documentsTip);
    m_queryDocuments = new QLineEdit(this);
    m_queryDocuments->setObjectName(QStringLiteral("queryDocuments"));
    m_queryDocuments->setToolTip(documentsTip);
    m_queryDocuments->setMinimumWidth(180);
    m_prefix = new QSpinBox(this);
    m_prefix->setObjectName(QStringLiteral("prefixLength"));
    m_prefix->setRange(-1, 4096);
    m_prefix->setSpecialValueText(tr("none"));
    m_prefix->setValue(-1);
    m_prefix->setKeyboardTracking(false);
    const QString prefixTip =
        tr("Prefix LM (attention-gym's prefix_lm_causal): keys at positions < p are visible to every\n"
           "query, as in an encoder; the rest stays causal. Setting a prefix turns causal on.");
    m_prefix->setToolTip(prefixTip);
    auto *second = new QHBoxLayout;
    rows->addLayout(second);
    second->addWidget(m_queryDocumentsLabel);
    second->addWidget(m_queryDocuments);
    second->addWidget(m_keyDocumentsLabel);
    second->addWidget(m_keyDocuments);
    second->addSpacing(12);
    auto *prefixLabel = new QLabel(tr("prefix length:"), this);
    prefixLabel->setToolTip(prefixTip);
    second->addWidget(prefixLabel);
    second->addWidget(m_prefix);
    second->addStretch(1);
    // Tab goes as the row reads: query documents, key documents, prefix length.
    setTabOrder(m_queryDocuments, m_keyDocuments);
    setTabOrder(m_keyDocuments, m_prefix);
    const auto applyDocuments = [this] {
        std::vector<std::int64_t> keys;
        std::vector<std::int64_t> queries;
        QString error;
        if (!parseIds(m_keyDocuments->text(), &keys, &error) ||
            (!m_queryDocuments->isHidden() && !parseIds(m_queryDocuments->text(), &queries, &error))) {
            emit inputRejected(error);
            return;
        }
        if (m_queryDocuments->isHidden()) queries = keys; // n_q = n_k: one list for both
        emit documentsRequested(queries, keys);
    };
    connect(m_keyDocuments, &QLineEdit::returnPressed, this, applyDocuments);
    connect(m_queryDocuments, &QLineEdit::returnPressed, this, applyDocuments);
    connect(m_prefix, &QSpinBox::valueChanged, this,
            [this](int p) { emit prefixRequested(p < 0 ? std::nullopt : std::optional<std::int64_t>(p)); });

    connect(m_causal, &QPushButton::clicked, this, [this] { emit causalRequested(); });
    connect(m_window, &QPushButton::clicked, this, [this] {
        const auto side = [](int v) { return v < 0 ? std::optional<int>() : std::optional<int>(v); };
        emit windowRequested(side(m_left->value()), side(m_right->value()));
    });
    connect(m_clear, &QPushButton::clicked, this, [this] { emit clearRequested(); });
    connect(m_policy, &QComboBox::activated, this, [this](int index) {
        emit policyChosen(static_cast<MaskedRowPolicy>(m_policy->itemData(index).toInt()));
    });
    connect(m_head, &QSpinBox::valueChanged, this, [this](int head) { emit headChosen(head); });
}

void MaskControls::sync(const Scenario &s, int heads, int selectedHead, int n_q, int n_k)
{
    const QSignalBlocker blockPolicy(m_policy);
    const QSignalBlocker blockHead(m_head);
    const QSignalBlocker blockPrefix(m_prefix);
    m_queryCount = n_q;
    m_keyCount = n_k;
    const auto idsText = [](const std::vector<std::int64_t> &ids) {
        QStringList parts;
        for (std::int64_t id : ids) parts << QString::number(id);
        return parts.join(QLatin1Char(' '));
    };
    const bool separate = n_q != n_k || !s.mask.query_document_ids.empty();
    m_queryDocuments->setVisible(separate);
    m_queryDocumentsLabel->setVisible(separate);
    m_keyDocumentsLabel->setText(separate ? tr("key documents:") : tr("documents:"));
    m_keyDocuments->setText(
        idsText(s.mask.document_ids.empty() ? s.mask.key_document_ids : s.mask.document_ids));
    m_queryDocuments->setText(idsText(s.mask.query_document_ids));
    m_prefix->setValue(
        s.mask.prefix_length ? static_cast<int>(std::min<std::int64_t>(*s.mask.prefix_length, 4096)) : -1);
    m_head->setRange(0, heads - 1);
    m_head->setValue(selectedHead);
    m_head->setVisible(heads > 1);
    m_headLabel->setVisible(heads > 1);
    m_policy->setCurrentIndex(m_policy->findData(static_cast<int>(s.mask.all_masked_rows)));
    m_alignment->setEnabled(n_q != n_k);
    if (s.alignment != Alignment::Unspecified) setAlignmentChoice(s.alignment);
    if (s.mask.window) {
        m_left->setValue(s.mask.window->left ? static_cast<int>(*s.mask.window->left) : -1);
        m_right->setValue(s.mask.window->right ? static_cast<int>(*s.mask.window->right) : -1);
    }
}

bool MaskControls::parseIds(const QString &text, std::vector<std::int64_t> *ids, QString *error)
{
    ids->clear();
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        bool ok = false;
        const qlonglong id = part.toLongLong(&ok);
        if (!ok) {
            *error = tr("Document ids: “%1” is not an integer; give one integer per token, e.g. 0 0 1 1.")
                         .arg(part);
            return false;
        }
        ids->push_back(id);
    }
    return true;
}

void MaskControls::setAlignmentChoice(Alignment alignment)
{
    const int index = m_alignment->findData(static_cast<int>(alignment));
    if (index >= 0) m_alignment->setCurrentIndex(index);
}

Alignment MaskControls::alignmentChoice() const
{
    return static_cast<Alignment>(m_alignment->currentData().toInt());
}

} // namespace attn::ui
