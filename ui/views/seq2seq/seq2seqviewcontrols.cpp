// The encoder–decoder page's controls and their layout (Seq2SeqView::buildControls); the rest of
// the page is in seq2seqview.cpp and seq2seqbatches.cpp.
#include "ui/base/wraprow.h"
#include "ui/plots/curveplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/views/seq2seq/seq2seqview.h"

#include <QCheckBox>
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

/// A label for `w` (its buddy) and `w`, added to `row`.
void addLabelled(QHBoxLayout *row, const QString &label, QWidget *w)
{
    auto *l = new QLabel(label);
    l->setBuddy(w);
    row->addWidget(l);
    row->addWidget(w);
}

HeatmapPlot *alignmentMap()
{
    auto *map = new HeatmapPlot;
    map->setAxisTitles(Seq2SeqView::tr("source tokens"), Seq2SeqView::tr("decoder steps"));
    return map;
}

} // namespace

void Seq2SeqView::buildControls()
{
    const QString restartTip = tr("Changing it starts a new model at step 0.");
    m_task = new QComboBox;
    m_task->addItem(tr("reverse"));
    m_task->addItem(tr("dates"));
    m_task->setToolTip(
        tr("Reverse: L random symbols, written backwards (the alignment is the anti-diagonal). "
           "Dates: “3 March 2021” → “2021-03-03” (year first, day last: the alignment "
           "crosses itself). %1")
            .arg(restartTip));
    m_score = new QComboBox;
    m_score->addItem(tr("additive (Bahdanau)"));
    m_score->addItem(tr("dot (Luong)"));
    m_score->addItem(tr("general (Luong)"));
    m_score->setCurrentIndex(1);
    m_score->setToolTip(
        tr("How the decoder state scores each encoder state h_j. Additive: v_aᵀ tanh(W_a s_{t−1} + "
           "U_a h_j), asked before the step; dot: s_tᵀ h_j; general: s_tᵀ W_a h_j, asked after "
           "the step. %1")
            .arg(restartTip));
    m_local =
        spin(0, 6, 0,
             tr("Local-p attention (Luong): the step predicts a source position p_t and looks only within "
                "±D of it, weighted by a Gaussian of σ = D/2. 0: global attention, every source "
                "position. %1")
                 .arg(restartTip));
    m_local->setSpecialValueText(tr("global"));
    m_local->setPrefix(tr("±"));
    m_bidirectional = new QCheckBox(tr("&Bidirectional"));
    m_bidirectional->setChecked(true);
    m_bidirectional->setToolTip(
        tr("A second GRU reads the source right to left; each encoder state is both directions' "
           "states side by side (Bahdanau et al. 2015, §3.2). %1")
            .arg(restartTip));
    m_noAttention = new QCheckBox(tr("&No attention"));
    m_noAttention->setToolTip(tr("The baseline: the decoder sees only the encoder's last state, the whole "
                                 "source squeezed into one vector. %1")
                                  .arg(restartTip));
    m_length = spin(2, 24, 12,
                    tr("Reverse: tokens per sequence (dates have their own lengths). %1").arg(restartTip));
    m_seed = spin(0, 1000000, 0, tr("Seed of the initial weights and of the data. %1").arg(restartTip));
    m_steps = spin(10, 20000, 300,
                   tr("Training steps of a run (batches of 32); also the steps of each run of Compare "
                      "and of the accuracy against length. %1")
                       .arg(restartTip));
    m_steps->setSingleStep(50);

    m_train = new QPushButton(tr("&Train"));
    m_reset = new QPushButton(tr("R&eset"));
    m_reset->setToolTip(tr("Back to step 0: the seed's initial weights"));
    m_cancel = new QPushButton(tr("Cance&l"));
    m_cancel->setToolTip(tr("Stop the training run, the comparison or the sweep after its current step"));
    m_progress = new QProgressBar;
    m_progress->setTextVisible(true);
    m_progress->setMinimumWidth(120);
    m_status = new QLabel;
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    m_shownLabel = new QLabel;
    m_shownLabel->setWordWrap(true);
    m_probe =
        spin(1, 8, 1, tr("Which held-out example's alignment is drawn (the probes are never trained on)"));
    m_scrubber = new QSlider(Qt::Horizontal);
    m_scrubber->setRange(0, 0);
    m_scrubber->setToolTip(tr("Go back to a logged step and see the alignment as it was"));
    m_heatmap = alignmentMap();
    m_heatmap->setMinimumSize(260, 200);
    m_decoderStep = spin(1, 1, 1, tr("The decoder step to open (click a row of the map to choose it)"));
    m_open = new QPushButton(tr("&Open this step"));
    m_open->setToolTip(tr("This decoder step's query (its state) against the encoder states (keys = values), "
                          "with the model's own score, becomes the scenario of the Q/K/V editor (undo brings "
                          "the previous one back)"));

    m_curves = new CurvePlot;
    m_curves->setMinimumSize(260, 180);
    m_curves->setTitle(tr("Loss and held-out accuracy"));
    m_curves->setLabels(tr("training step"), tr("loss (nats)"), tr("accuracy"));

    m_compareKind = new QComboBox;
    m_compareKind->addItem(tr("additive · dot · general"));
    m_compareKind->addItem(tr("global · local-p"));
    m_compareKind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_compareKind->setMinimumContentsLength(8); // the tab stays narrow beside the map
    m_compareKind->setToolTip(
        tr("What to train side by side, each on the same task, length, seed and steps"));
    m_compare = new QPushButton(tr("Co&mpare"));
    m_compare->setToolTip(
        tr("Train each run from step 0 on a thread of its own and show the final alignments "
           "of the first example side by side"));
    m_compareNote = new QLabel;
    m_compareNote->setWordWrap(true);
    for (HeatmapPlot *&map : m_compareMaps) {
        map = alignmentMap();
        map->setCompact(true); // the caption below says what the colours are
        map->setMinimumSize(90, 150);
    }
    m_measure = new QPushButton(tr("&Measure"));
    m_measure->setToolTip(tr("Train the reversal at lengths 6, 12, 18 and 24 with the page's model and "
                             "without attention, on the same data and seed, and plot the greedy accuracy"));
    m_lengthPlot = new CurvePlot;
    m_lengthPlot->setMinimumSize(260, 180);
    m_lengthPlot->setTitle(tr("Accuracy against sequence length"));
    m_lengthPlot->setLabels(tr("length L"), tr("greedy accuracy (held out)"));
    m_lengthPlot->setLegendCorner(Qt::AlignBottom | Qt::AlignLeft); // below the curves at short lengths
    m_lengthNote = new QLabel;
    m_lengthNote->setWordWrap(true);

    const std::pair<QWidget *, const char *> names[] = {
        {m_task, "seq2seqTask"},
        {m_score, "seq2seqScore"},
        {m_local, "seq2seqLocal"},
        {m_bidirectional, "seq2seqBidirectional"},
        {m_noAttention, "seq2seqNoAttention"},
        {m_length, "seq2seqLength"},
        {m_seed, "seq2seqSeed"},
        {m_steps, "seq2seqSteps"},
        {m_train, "seq2seqTrain"},
        {m_reset, "seq2seqReset"},
        {m_cancel, "seq2seqCancel"},
        {m_probe, "seq2seqProbe"},
        {m_scrubber, "seq2seqScrubber"},
        {m_decoderStep, "seq2seqDecoderStep"},
        {m_open, "seq2seqOpenStep"},
        {m_compareKind, "seq2seqCompareKind"},
        {m_compare, "seq2seqCompare"},
        {m_measure, "seq2seqMeasure"},
    };
    for (const auto &[w, name] : names) w->setObjectName(QLatin1String(name));

    // The model, then the run: each a row of groups that wraps when the page is narrow.
    auto *model = new WrapRow;
    QHBoxLayout *g = model->addGroup();
    addLabelled(g, tr("Tas&k"), m_task);
    addLabelled(g, tr("Sc&ore"), m_score);
    addLabelled(g, tr("Len&gth"), m_length);
    addLabelled(g, tr("See&d"), m_seed);
    g->addStretch(1);
    g = model->addGroup(1);
    addLabelled(g, tr("Local-&p D"), m_local);
    g->addWidget(m_bidirectional);
    g->addWidget(m_noAttention);
    g->addStretch(1);
    auto *run = new WrapRow;
    g = run->addGroup();
    addLabelled(g, tr("Step&s"), m_steps);
    g->addWidget(m_train);
    g->addWidget(m_reset);
    g = run->addGroup(1);
    g->addWidget(m_progress, 1);
    g->addWidget(m_cancel);

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_shownLabel);
    leftLayout->addWidget(m_heatmap, 1);
    auto *probeRow = new QHBoxLayout;
    addLabelled(probeRow, tr("E&xample"), m_probe);
    probeRow->addWidget(m_scrubber, 1);
    leftLayout->addLayout(probeRow);
    auto *openRow = new QHBoxLayout;
    addLabelled(openRow, tr("Decoder st&ep"), m_decoderStep);
    openRow->addWidget(m_open);
    openRow->addStretch(1);
    leftLayout->addLayout(openRow);

    auto *comparePage = new QWidget;
    auto *compareLayout = new QVBoxLayout(comparePage);
    compareLayout->setContentsMargins(4, 4, 4, 4);
    auto *compareRow = new QHBoxLayout;
    compareRow->addWidget(m_compareKind);
    compareRow->addWidget(m_compare);
    compareRow->addStretch(1);
    compareLayout->addLayout(compareRow);
    auto *maps = new QHBoxLayout;
    for (HeatmapPlot *map : m_compareMaps) maps->addWidget(map, 1);
    compareLayout->addLayout(maps, 1);
    compareLayout->addWidget(m_compareNote);

    auto *lengthPage = new QWidget;
    auto *lengthLayout = new QVBoxLayout(lengthPage);
    lengthLayout->setContentsMargins(4, 4, 4, 4);
    auto *lengthRow = new QHBoxLayout;
    lengthRow->addWidget(m_measure);
    lengthRow->addStretch(1);
    lengthLayout->addLayout(lengthRow);
    lengthLayout->addWidget(m_lengthPlot, 1);
    lengthLayout->addWidget(m_lengthNote);

    m_side = new QTabWidget;
    m_side->setObjectName(QStringLiteral("seq2seqSide"));
    m_side->setAccessibleName(tr("Training curves, the comparison, or accuracy against length"));
    m_side->addTab(m_curves, tr("C&urves"));
    m_side->addTab(comparePage, tr("Compare sc&ores"));
    m_side->addTab(lengthPage, tr("Accuracy vs &length"));
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_side);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({480, 480});
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(model);
    layout->addWidget(run);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    for (QSpinBox *box : {m_local, m_length, m_seed, m_steps})
        connect(box, &QSpinBox::valueChanged, this, [this] { restart(); });
    for (QComboBox *box : {m_task, m_score})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { restart(); });
    for (QCheckBox *box : {m_bidirectional, m_noAttention})
        connect(box, &QCheckBox::toggled, this, [this] { restart(); });
    connect(m_train, &QPushButton::clicked, this, [this] { m_running ? pause() : train(); });
    connect(m_reset, &QPushButton::clicked, this, &Seq2SeqView::reset);
    connect(m_cancel, &QPushButton::clicked, this, &Seq2SeqView::cancel);
    connect(m_scrubber, &QSlider::valueChanged, this, [this](int v) { showSnapshot(v); });
    connect(m_probe, &QSpinBox::valueChanged, this, [this](int v) { showProbe(v - 1); });
    connect(m_decoderStep, &QSpinBox::valueChanged, this, [this](int v) {
        m_heatmap->setSelectedQuery(v - 1);
        emit taskValuesChanged();
    });
    connect(m_heatmap, &HeatmapPlot::querySelected, this,
            [this](int row) { m_decoderStep->setValue(row + 1); });
    connect(m_open, &QPushButton::clicked, this, [this] { openStep(m_decoderStep->value() - 1); });
    connect(m_compare, &QPushButton::clicked, this, [this] { compare(m_compareKind->currentIndex() == 1); });
    connect(m_measure, &QPushButton::clicked, this, &Seq2SeqView::measureLengths);
    connect(m_side, &QTabWidget::currentChanged, this, &FigureView::taskValuesChanged);
}

} // namespace attn::ui
