// The training view's controls and their layout (TrainView::buildControls); the rest of the view
// is in trainview.cpp.
#include "ui/plots/trainingplot.h"
#include "ui/views/common/numberbox.h"
#include "ui/views/train/headgrid.h"
#include "ui/views/train/tokeneffectpanel.h"
#include "ui/views/train/trainview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

QSpinBox *spin(int lo, int hi, int value, const QString &tip)
{
    auto *box = new QSpinBox;
    box->setRange(lo, hi);
    box->setValue(value);
    box->setToolTip(tip);
    box->setKeyboardTracking(false);
    return box;
}

} // namespace

void TrainView::buildControls()
{
    m_task = new QComboBox;
    m_task->addItem(tr("induction"), 0);
    m_task->addItem(tr("previous token"), 1);
    m_task->addItem(tr("copy"), 2);
    m_task->addItem(tr("reverse"), 3);
    m_task->addItem(tr("coreference"), 4);
    m_task->setToolTip(
        tr("What the model learns to predict. Induction: random tokens whose second half repeats "
           "the first; coreference: “Xiaohong told Ming that she …” → the name."));
    const QString restartTip = tr("Changing it starts a new model at step 0.");
    m_seed = spin(0, 1000000, 0, tr("Seed of the initial weights and of the data. %1").arg(restartTip));
    m_layers = spin(1, 4, 2, tr("Layers of attention. %1").arg(restartTip));
    m_heads = spin(1, 8, 4, tr("Heads per layer (head_dim = d_model / heads). %1").arg(restartTip));
    m_dModel = spin(8, 256, 64, tr("Width of the residual stream. %1").arg(restartTip));
    m_dModel->setSingleStep(8);
    m_lr = new NumberBox;
    m_lr->setRange(1e-6, 10);
    m_lr->setValue(3e-3);
    m_lr->setToolTip(
        tr("AdamW learning rate (cosine decay to a tenth by the last step). %1").arg(restartTip));
    m_lr->setKeyboardTracking(false);
    m_steps = spin(1, 100000, 1000, tr("Steps of the run; Play trains up to here. %1").arg(restartTip));
    m_steps->setSingleStep(100);

    m_play = new QPushButton(tr("&Play"));
    m_play->setToolTip(tr("Train up to the last step on a thread of its own (Space)"));
    m_step = new QPushButton(tr("One s&tep"));
    m_step->setToolTip(tr("Take one training step"));
    m_reset = new QPushButton(tr("R&eset"));
    m_reset->setToolTip(tr("Back to step 0: the seed's initial weights"));
    m_progress = new QProgressBar;
    m_progress->setTextVisible(true);
    m_status = new QLabel;
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_role = new QComboBox;
    m_role->addItems({tr("induction"), tr("previous token"), tr("duplicate token"), tr("first token"),
                      tr("target token"), tr("entropy")});
    m_role->setToolTip(
        tr("Head-role score drawn over the steps and written under each head. Induction: mean "
           "weight on the token after the earlier occurrence of the current token; previous "
           "token: mean weight on i − 1; duplicate: on earlier copies of the current token; first: "
           "on position 0; target: on the token to predict; entropy in nats."));
    m_scrubber = new QSlider(Qt::Horizontal);
    m_scrubber->setRange(0, 0);
    m_scrubber->setToolTip(tr("Go back to a recorded step and see the heads as they were"));
    m_shownLabel = new QLabel;
    m_open = new QPushButton(tr("&Open this head"));
    m_open->setToolTip(
        tr("The probe's residual stream at this layer and the selected head's W_q, W_k, W_v, W_o "
           "become the scenario of the Q/K/V editor (undo brings the previous one back)"));
    m_grid = new HeadGrid;
    m_plot = new TrainingPlot;
    m_plot->setMinimumSize(360, 220);

    m_task->setObjectName(QStringLiteral("trainTask"));
    m_seed->setObjectName(QStringLiteral("trainSeed"));
    m_layers->setObjectName(QStringLiteral("trainLayers"));
    m_heads->setObjectName(QStringLiteral("trainHeads"));
    m_dModel->setObjectName(QStringLiteral("trainDModel"));
    m_lr->setObjectName(QStringLiteral("trainLearningRate"));
    m_steps->setObjectName(QStringLiteral("trainSteps"));
    m_play->setObjectName(QStringLiteral("trainPlay"));
    m_step->setObjectName(QStringLiteral("trainStep"));
    m_reset->setObjectName(QStringLiteral("trainReset"));
    m_open->setObjectName(QStringLiteral("trainOpenHead"));
    m_scrubber->setObjectName(QStringLiteral("trainScrubber"));
    m_role->setObjectName(QStringLiteral("trainRole"));

    // Two rows, so that the view fits 1280 pixels beside the lesson panel in presentation mode too:
    // the model's sizes, then the run (learning rate, steps, the buttons and the progress).
    auto *settings = new QHBoxLayout;
    auto *run = new QHBoxLayout;
    const auto add = [&](QHBoxLayout *row, const QString &label, QWidget *w) {
        auto *l = new QLabel(label);
        l->setBuddy(w);
        row->addWidget(l);
        row->addWidget(w);
    };
    add(settings, tr("Tas&k"), m_task);
    add(settings, tr("See&d"), m_seed);
    add(settings, tr("&Layers"), m_layers);
    add(settings, tr("&Heads"), m_heads);
    add(settings, tr("d_&model"), m_dModel);
    settings->addStretch(1);
    add(run, tr("Learning &rate"), m_lr);
    add(run, tr("Step&s"), m_steps);
    for (QWidget *w :
         {static_cast<QWidget *>(m_play), static_cast<QWidget *>(m_step), static_cast<QWidget *>(m_reset)})
        run->addWidget(w);
    m_progress->setMinimumWidth(120);
    run->addWidget(m_progress, 1);
    // The status (steps/s, held-out loss and accuracy) shrinks rather than widening the window.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto *headsBox = new QWidget;
    auto *headsLayout = new QVBoxLayout(headsBox);
    headsLayout->setContentsMargins(0, 0, 0, 0);
    auto *roleRow = new QHBoxLayout;
    auto *roleLabel = new QLabel(tr("Score"));
    roleLabel->setBuddy(m_role);
    roleRow->addWidget(m_shownLabel);
    roleRow->addWidget(m_status, 1);
    roleRow->addWidget(roleLabel);
    roleRow->addWidget(m_role);
    headsLayout->addLayout(roleRow);
    headsLayout->addWidget(m_grid, 1);
    auto *scrubRow = new QHBoxLayout;
    scrubRow->addWidget(m_scrubber, 1);
    scrubRow->addWidget(m_open);
    headsLayout->addLayout(scrubRow);

    m_effects = new TokenEffectPanel;
    m_effects->setObjectName(QStringLiteral("trainEffects"));
    m_side = new QTabWidget;
    m_side->setObjectName(QStringLiteral("trainSide"));
    m_side->setAccessibleName(tr("Training curves, or rollout against the measured effect"));
    m_side->addTab(m_plot, tr("C&urves"));
    m_side->addTab(m_effects, tr("Rollout vs effe&ct"));
    m_side->setTabToolTip(1, tr("For one prediction of the shown snapshot: each token's attention rollout "
                                "beside the measured change when the token is replaced or deleted"));
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(headsBox);
    split->addWidget(m_side);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 4);
    split->setSizes({500, 400});
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(settings);
    layout->addLayout(run);
    layout->addWidget(split, 1);

    for (QSpinBox *box : {m_seed, m_layers, m_heads, m_dModel, m_steps})
        connect(box, &QSpinBox::valueChanged, this, [this] { restart(); });
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, [this] { restart(); });
    connect(m_task, &QComboBox::currentIndexChanged, this, [this] {
        // Each task has its own number of steps (coreference needs 1500).
        const QSignalBlocker block(m_steps);
        m_steps->setValue(defaultSteps());
        restart();
    });
    connect(m_play, &QPushButton::clicked, this, [this] { m_running ? pause() : play(); });
    connect(m_step, &QPushButton::clicked, this, &TrainView::stepOnce);
    connect(m_reset, &QPushButton::clicked, this, &TrainView::reset);
    connect(m_role, &QComboBox::currentIndexChanged, this, [this] {
        refreshCurves();
        refreshHeads();
    });
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int v) { showSnapshot(v); });
    connect(m_open, &QPushButton::clicked, this,
            [this] { openHead(m_grid->selectedLayer(), m_grid->selectedHead()); });
    connect(m_effects, &TokenEffectPanel::measured, this, &FigureView::taskValuesChanged);
    connect(m_side, &QTabWidget::currentChanged, this, &FigureView::taskValuesChanged);
    connect(m_grid, &HeadGrid::headActivated, this, [this](int l, int h) { openHead(l, h); });
}

} // namespace attn::ui
