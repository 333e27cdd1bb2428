#include "ui/views/paths/pathsview.h"

#include "core/rnn.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/common/viewcontrols.h"
#include "ui/views/paths/pathscanvas.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

PathsView::PathsView(doc::ScenarioDocument *document, QWidget *parent) : FigureView(document, parent)
{
    setObjectName(QStringLiteral("pathsView"));
    m_n = namedSpinBox(QStringLiteral("pathsN"), 2, kMaxN,
                       tr("Number of positions n; changing it puts i and j at the two ends"), this);
    m_i = namedSpinBox(QStringLiteral("pathsI"), 0, kMaxN - 1, tr("Position i (from 0); or click a node"),
                       this);
    m_j = namedSpinBox(QStringLiteral("pathsJ"), 0, kMaxN - 1,
                       tr("Position j (from 0); or Shift+click (right click) a node"), this);
    m_window =
        namedSpinBox(QStringLiteral("pathsWindow"), 0, kMaxN - 1,
                     tr("How many positions one attention layer reaches on each side; 0 = global attention "
                        "(every position)"),
                     this);
    m_window->setSpecialValueText(tr("global"));
    m_play = namedButton(QStringLiteral("pathsPlay"), tr("Play"),
                         tr("Run the animation, one step every %1 ms").arg(kAnimationMs), this);
    m_step = namedButton(QStringLiteral("pathsStep"), tr("Step"), tr("One step of the animation"), this);
    m_rewind = namedButton(QStringLiteral("pathsRewind"), tr("Rewind"), tr("Back to step 0"), this);
    m_timer = new QTimer(this);
    m_timer->setInterval(kAnimationMs);

    auto *controls = new QHBoxLayout;
    const auto add = [&](const QString &text, QWidget *widget) {
        auto *label = new QLabel(text, this);
        label->setBuddy(widget);
        controls->addWidget(label);
        controls->addWidget(widget);
    };
    add(tr("&n"), m_n);
    add(tr("&i"), m_i);
    add(tr("&j"), m_j);
    add(tr("&window w (each side)"), m_window);
    controls->addSpacing(12);
    controls->addWidget(m_play);
    controls->addWidget(m_step);
    controls->addWidget(m_rewind);
    controls->addStretch(1);

    m_canvas = new PathsCanvas(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_canvas, 1);

    connect(m_n, &QSpinBox::valueChanged, this, &PathsView::setN);
    connect(m_i, &QSpinBox::valueChanged, this, [this] { refresh(); });
    connect(m_j, &QSpinBox::valueChanged, this, [this] { refresh(); });
    connect(m_window, &QSpinBox::valueChanged, this, [this] { refresh(); });
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    connect(m_step, &QPushButton::clicked, this, &PathsView::step);
    connect(m_rewind, &QPushButton::clicked, this, &PathsView::rewind);
    connect(m_timer, &QTimer::timeout, this, &PathsView::step);
    connect(m_canvas, &PathsCanvas::nodeClicked, this,
            [this](int node, bool forJ) { (forJ ? m_j : m_i)->setValue(node); });
    // A new scenario brings new labels (and, through resetViewState, a new n).
    connect(document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] { refresh(); }));
    resetViewState();
}

PathsView::~PathsView() = default;

int PathsView::n() const
{
    return m_n->value();
}

int PathsView::i() const
{
    return m_i->value();
}

int PathsView::j() const
{
    return m_j->value();
}

int PathsView::window() const
{
    return m_window->value();
}

int PathsView::animationStep() const
{
    return m_animationStep;
}

bool PathsView::isPlaying() const
{
    return m_timer->isActive();
}

std::uint64_t PathsView::recurrentSteps() const
{
    return pathLength(Mixer::Recurrent, i(), j());
}

std::uint64_t PathsView::attentionLayers() const
{
    return window() > 0 ? pathLength(Mixer::WindowAttention, i(), j(), window())
                        : pathLength(Mixer::GlobalAttention, i(), j());
}

QMap<QString, double> PathsView::taskValues() const
{
    return {
        {QStringLiteral("n"), n()},
        {QStringLiteral("i"), i()},
        {QStringLiteral("j"), j()},
        {QStringLiteral("window"), window()},
        {QStringLiteral("recurrent_steps"), static_cast<double>(recurrentSteps())},
        {QStringLiteral("attention_layers"), static_cast<double>(attentionLayers())},
        {QStringLiteral("animation_step"), animationStep()},
        {QStringLiteral("rnn_sequential_steps"), static_cast<double>(sequentialSteps(Mixer::Recurrent, n()))},
        {QStringLiteral("attention_sequential_steps"),
         static_cast<double>(sequentialSteps(Mixer::GlobalAttention, n()))}};
}

void PathsView::resetViewState()
{
    m_timer->stop();
    m_window->setValue(0);
    const int keys = document()->keyCount();
    if (m_n->value() == std::clamp(keys, 2, kMaxN))
        setN(m_n->value()); // the ends and the rewind, even when n does not change
    else
        m_n->setValue(std::clamp(keys, 2, kMaxN)); // → setN
}

void PathsView::setN(int n)
{
    n = std::clamp(n, 2, kMaxN);
    {
        const QSignalBlocker blockN(m_n), blockI(m_i), blockJ(m_j);
        m_n->setValue(n);
        m_i->setMaximum(n - 1);
        m_j->setMaximum(n - 1);
        m_i->setValue(0);
        m_j->setValue(n - 1);
    }
    m_timer->stop();
    m_animationStep = 0;
    refresh();
}

void PathsView::setPositions(int i, int j)
{
    const QSignalBlocker blockI(m_i), blockJ(m_j);
    m_i->setValue(i);
    m_j->setValue(j);
    refresh();
}

void PathsView::setWindow(int window)
{
    m_window->setValue(window);
}

void PathsView::step()
{
    if (m_animationStep < n()) ++m_animationStep;
    if (m_animationStep >= n()) m_timer->stop();
    refresh();
}

void PathsView::rewind()
{
    m_timer->stop();
    m_animationStep = 0;
    refresh();
}

void PathsView::setPlaying(bool playing)
{
    if (playing == isPlaying()) return;
    if (playing) {
        if (m_animationStep >= n()) m_animationStep = 0; // play again from the start
        m_timer->start();
    } else {
        m_timer->stop();
    }
    refresh();
}

PathsState PathsView::state() const
{
    PathsState s;
    s.n = n();
    s.i = i();
    s.j = j();
    s.window = window();
    s.step = m_animationStep;
    const QStringList tokens = document()->traceKeyLabels();
    for (int t = 0; t < s.n; ++t) s.labels << (tokens.size() == s.n ? tokens[t] : QString::number(t));
    s.recurrentSteps = recurrentSteps();
    s.attentionLayers = attentionLayers();
    for (int m = 1; m <= kMaxN; ++m) {
        s.rnnSteps.push_back(sequentialSteps(Mixer::Recurrent, m));
        s.attentionSteps.push_back(sequentialSteps(Mixer::GlobalAttention, m));
    }
    return s;
}

void PathsView::refresh()
{
    m_canvas->setState(state());
    m_play->setText(isPlaying() ? tr("Pause") : tr("Play"));
    m_step->setEnabled(m_animationStep < n());
    m_rewind->setEnabled(m_animationStep > 0);
    emit taskValuesChanged();
}

bool PathsView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &painter, QSizeF s) { m_canvas->paintFigure(painter, s); },
        error);
}

} // namespace attn::ui
