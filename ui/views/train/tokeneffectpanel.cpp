#include "ui/views/train/tokeneffectpanel.h"

#include "core/train/model.h"
#include "ui/base/numbertext.h"
#include "ui/views/common/paintedcanvas.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace attn::ui {

namespace {

/// Differences of rollout or effect below this count as ties when the two rankings are compared.
constexpr double kRankTolerance = 0.02;

QString quoted(const QString &token)
{
    return QObject::tr("“%1”").arg(token);
}

} // namespace

TokenEffectPanel::TokenEffectPanel(QWidget *parent) : QWidget(parent)
{
    m_sequence = new QComboBox;
    m_sequence->setObjectName(QStringLiteral("effectSequence"));
    m_sequence->setToolTip(tr("One of the probe sentences the heads are scored on"));
    m_sequence->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sequence->setMinimumContentsLength(16);
    m_position = new QComboBox;
    m_position->setObjectName(QStringLiteral("effectPosition"));
    m_position->setToolTip(
        tr("The prediction measured: the model's next-token distribution at this position"));
    m_change = new QComboBox;
    m_change->setObjectName(QStringLiteral("effectChange"));
    m_change->addItem(tr("replace the token"), int(Change::Replace));
    m_change->addItem(tr("delete the token"), int(Change::Delete));
    m_change->setToolTip(
        tr("Replace: the token becomes a neutral one (coreference: <pad>; other tasks: a symbol that "
           "does not occur in the probe). Delete: the token is removed and the later ones move one "
           "position left."));
    m_canvas = new PaintedCanvas([this](QPainter &p, QSizeF s) { paintFigure(p, s); },
                                 [this](QPointF pos, QSizeF s) { return toolTipAt(pos, s); }, this);
    m_canvas->setMinimumSize(320, 260);
    m_canvas->setTables([this] { return tables(); });
    m_canvas->setAccessibleName(tr("Rollout against the measured effect"));

    auto *sentenceRow = new QHBoxLayout;
    auto *sequenceLabel = new QLabel(tr("Se&ntence"));
    sequenceLabel->setBuddy(m_sequence);
    sentenceRow->addWidget(sequenceLabel);
    sentenceRow->addWidget(m_sequence, 1);
    auto *row = new QHBoxLayout;
    auto *positionLabel = new QLabel(tr("Pred&iction at"));
    positionLabel->setBuddy(m_position);
    auto *changeLabel = new QLabel(tr("Chan&ge"));
    changeLabel->setBuddy(m_change);
    row->addWidget(positionLabel);
    row->addWidget(m_position, 1);
    row->addWidget(changeLabel);
    row->addWidget(m_change, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(sentenceRow);
    layout->addLayout(row);
    layout->addWidget(m_canvas, 1);

    connect(m_sequence, &QComboBox::currentIndexChanged, this, [this] {
        fillPositions();
        invalidate();
    });
    connect(m_position, &QComboBox::currentIndexChanged, this, [this] { invalidate(); });
    connect(m_change, &QComboBox::currentIndexChanged, this, [this] { invalidate(); });
    fillFigure();
}

TokenEffectPanel::~TokenEffectPanel()
{
    // The canvas paints through this panel: it goes first.
    delete m_canvas;
    m_canvas = nullptr;
}

void TokenEffectPanel::setProbes(const train::TaskInfo &task, const train::Batch &probes)
{
    m_task = task;
    m_tokens.clear();
    m_scored.clear();
    const Index T = probes.seq_len;
    for (Index b = 0; b < probes.batch_size; ++b) {
        const auto first = probes.tokens.begin() + b * T;
        m_tokens.emplace_back(first, first + T);
        Index scored = T - 1;
        while (scored > 0 && probes.loss_mask[std::size_t(b * T + scored)] == 0) --scored;
        m_scored.push_back(int(scored));
    }
    {
        const QSignalBlocker block(m_sequence);
        m_sequence->clear();
        for (std::size_t b = 0; b < m_tokens.size(); ++b) {
            QStringList words;
            for (int i = 0; i <= m_scored[b]; ++i)
                words << QString::fromStdString(task.token_names[std::size_t(m_tokens[b][std::size_t(i)])]);
            m_sequence->addItem(tr("%1: %2").arg(b + 1).arg(words.join(QLatin1Char(' '))), int(b));
            m_sequence->setItemData(int(b), words.join(QLatin1Char(' ')), Qt::ToolTipRole);
        }
        m_sequence->setCurrentIndex(m_tokens.empty() ? -1 : 0);
    }
    fillPositions();
    invalidate();
}

const std::vector<int> &TokenEffectPanel::tokens() const
{
    static const std::vector<int> none;
    const int s = m_sequence->currentIndex();
    return s >= 0 && s < int(m_tokens.size()) ? m_tokens[std::size_t(s)] : none;
}

void TokenEffectPanel::fillPositions()
{
    const QSignalBlocker block(m_position);
    m_position->clear();
    const std::vector<int> &x = tokens();
    for (std::size_t i = 0; i < x.size(); ++i)
        m_position->addItem(
            tr("%1 · %2").arg(i).arg(QString::fromStdString(m_task.token_names[std::size_t(x[i])])), int(i));
    const int s = m_sequence->currentIndex();
    if (s >= 0 && s < int(m_scored.size())) m_position->setCurrentIndex(m_scored[std::size_t(s)]);
}

void TokenEffectPanel::setInput(std::optional<TokenEffectInput> input)
{
    m_input = std::move(input);
    invalidate();
}

void TokenEffectPanel::setSequence(int sequence)
{
    m_sequence->setCurrentIndex(sequence);
}

int TokenEffectPanel::sequence() const
{
    return m_sequence->currentIndex();
}

void TokenEffectPanel::setPosition(int position)
{
    m_position->setCurrentIndex(position);
}

void TokenEffectPanel::setChange(Change change)
{
    m_change->setCurrentIndex(int(change));
}

int TokenEffectPanel::position() const
{
    return m_position->currentIndex();
}

TokenEffectPanel::Change TokenEffectPanel::change() const
{
    return Change(m_change->currentIndex());
}

void TokenEffectPanel::invalidate()
{
    m_dirty = true;
    if (isVisible()) refresh();
}

void TokenEffectPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void TokenEffectPanel::refresh()
{
    if (!m_dirty) return;
    m_dirty = false;
    measure();
    fillFigure();
    m_canvas->update();
    emit measured();
}

void TokenEffectPanel::measure()
{
    m_effects.reset();
    m_error.clear();
    if (!m_input || position() < 0 || tokens().empty()) return;
    try {
        train::Model<double> model(m_input->model);
        model.importParameters(m_input->weights);
        const int replacement = train::neutralToken(m_task, tokens());
        m_effects = train::measureTokenEffects(model, tokens(), position(), replacement, 1, kRankTolerance);
    } catch (const std::invalid_argument &e) {
        m_error = QString::fromUtf8(e.what());
    }
}

void TokenEffectPanel::fillFigure()
{
    TokenEffectFigureData d;
    if (!m_effects) {
        d.message = m_error.isEmpty()
                        ? tr("Nothing trained yet: the first snapshot appears once the model is built.")
                        : tr("Not measured: %1").arg(m_error);
        m_data = d;
        return;
    }
    const train::TokenEffects &e = *m_effects;
    const std::vector<std::string> &names = m_task.token_names;
    const auto name = [&](int token) { return QString::fromStdString(names[std::size_t(token)]); };
    const bool deletion = change() == Change::Delete;
    for (Index j = 0; j <= e.position; ++j) d.tokens << name(tokens()[std::size_t(j)]);
    d.rollout = e.rollout;
    d.effect = deletion ? e.delete_effect : e.replace_effect;
    const RankComparison &cmp = deletion ? e.delete_vs_rollout : e.replace_vs_rollout;
    d.disagreeing.assign(std::size_t(e.position + 1), false);
    for (Index j : cmp.disagreeing_keys) d.disagreeing[std::size_t(j)] = true;
    d.title = tr("Step %1 · prediction at %2 (position %3): %4, p = %5")
                  .arg(m_input->step)
                  .arg(quoted(d.tokens.value(int(e.position))))
                  .arg(e.position)
                  .arg(quoted(name(e.predicted)))
                  .arg(compactNumber(e.probability));
    if (deletion)
        d.effectLabel = tr("Measured: how far the prediction moves when the token is deleted");
    else if (e.replacement >= 0)
        d.effectLabel = tr("Measured: how far the prediction moves when the token becomes %1")
                            .arg(quoted(name(e.replacement)));
    else
        d.effectLabel = tr("Not measured: every symbol occurs in the probe, none is neutral");
    const QString gamma = cmp.keys.size() < 2     ? tr("undefined (one token: no pair to compare)")
                          : std::isnan(cmp.gamma) ? tr("undefined (every pair tied)")
                                                  : compactNumber(cmp.gamma);
    d.lines << tr("Rollout reads the weights only and counts each layer's residual connection as half of "
                  "what flows. The effect is measured: the token is changed, the model runs again, and the "
                  "bar is the total variation distance between the two next-token distributions (0: "
                  "unchanged, 1: nothing in common).")
            << tr("≠ marks the %n token(s) in a pair that the two rank in opposite order (differences "
                  "under %1 count as ties). Goodman–Kruskal γ = %2 (1: the same order, −1: reversed).",
                  nullptr, int(cmp.disagreeing_keys.size()))
                   .arg(compactNumber(kRankTolerance))
                   .arg(gamma);
    m_data = d;
}

void TokenEffectPanel::paintFigure(QPainter &painter, QSizeF size) const
{
    paintTokenEffectFigure(painter, size, m_data);
}

QString TokenEffectPanel::toolTipAt(QPointF pos, QSizeF size) const
{
    const int j = tokenEffectColumnAt(m_data, size, pos.x());
    if (j < 0 || !m_effects) return {};
    const train::TokenEffects &e = *m_effects;
    const std::vector<std::string> &names = m_task.token_names;
    const auto name = [&](double token) {
        return std::isnan(token) ? QStringLiteral("—")
                                 : quoted(QString::fromStdString(names[std::size_t(token)]));
    };
    QString text = tr("%1 (position %2)\nrollout R(%3, %2) = %4")
                       .arg(quoted(m_data.tokens.value(j)))
                       .arg(j)
                       .arg(e.position)
                       .arg(exactNumber(e.rollout(j)));
    const QString before = exactNumber(e.probability);
    if (e.replacement >= 0)
        text += tr("\nreplaced by %1: distance %2, p(%3) %4 → %5, prediction %6")
                    .arg(name(e.replacement))
                    .arg(exactNumber(e.replace_effect(j)))
                    .arg(name(e.predicted))
                    .arg(before)
                    .arg(exactNumber(e.replace_probability(j)))
                    .arg(name(e.replace_predicted(j)));
    if (std::isnan(e.delete_effect(j)))
        text += tr("\ndeleted: not measured (it is the token the prediction is made at)");
    else
        text += tr("\ndeleted: distance %1, p(%2) %3 → %4, prediction %5")
                    .arg(exactNumber(e.delete_effect(j)))
                    .arg(name(e.predicted))
                    .arg(before)
                    .arg(exactNumber(e.delete_probability(j)))
                    .arg(name(e.delete_predicted(j)));
    if (j < int(m_data.disagreeing.size()) && m_data.disagreeing[std::size_t(j)])
        text += tr("\n≠ rollout and the measured effect rank it in opposite order against another token");
    return text;
}

QList<FigureTable> TokenEffectPanel::tables() const
{
    if (!m_effects) return {};
    const train::TokenEffects &e = *m_effects;
    const std::vector<std::string> &names = m_task.token_names;
    const auto name = [&](double token) {
        return std::isnan(token) ? QStringLiteral("—") : QString::fromStdString(names[std::size_t(token)]);
    };
    const auto number = [](double v) { return std::isnan(v) ? QStringLiteral("—") : exactNumber(v); };
    FigureTable t;
    t.caption = m_data.title;
    t.corner = tr("position · token");
    t.columnHeaders = {tr("rollout R(t, j)"),         tr("replaced: distance"),
                       tr("replaced: p(prediction)"), tr("replaced: new prediction"),
                       tr("deleted: distance"),       tr("deleted: p(prediction)"),
                       tr("deleted: new prediction"), tr("ranks disagree")};
    for (Index j = 0; j <= e.position; ++j) {
        t.rowHeaders << tr("%1 · %2").arg(j).arg(m_data.tokens.value(int(j)));
        const bool disagree = j < Index(m_data.disagreeing.size()) && m_data.disagreeing[std::size_t(j)];
        t.cells << QStringList{
            number(e.rollout(j)),         number(e.replace_effect(j)),   number(e.replace_probability(j)),
            name(e.replace_predicted(j)), number(e.delete_effect(j)),    number(e.delete_probability(j)),
            name(e.delete_predicted(j)),  disagree ? tr("≠") : QString()};
    }
    return {t};
}

} // namespace attn::ui
