#include "ui/views/baselines/baselinesview.h"

#include "core/baselines.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/plots/baselinesplot.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QTableView *tensorTable(doc::ScenarioDocument *document, doc::TensorRole role, const QString &name,
                        QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setObjectName(name);
    table->setModel(new MatrixTableModel(document, role, table));
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(22);
    return table;
}

/// Largest |a − b| over every entry; NaN when the shapes differ or either is empty.
double maxDifference(const Matrix &a, const Matrix &b)
{
    if (a.size() == 0 || a.rows() != b.rows() || a.cols() != b.cols()) return kNaN;
    return (a - b).cwiseAbs().maxCoeff();
}

} // namespace

BaselinesView::BaselinesView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("baselinesView"));

    m_baseline = new QComboBox(this);
    m_baseline->setObjectName(QStringLiteral("baselineSelect"));
    m_baseline->addItem(tr("mean pooling"), QStringLiteral("mean"));
    m_baseline->addItem(tr("local convolution"), QStringLiteral("conv"));
    m_baseline->addItem(tr("recurrence (Elman RNN)"), QStringLiteral("rnn"));
    m_baseline->setToolTip(tr("The baseline whose output is compared with attention's (framed in red)"));
    m_width = new QSpinBox(this);
    m_width->setObjectName(QStringLiteral("convWidth"));
    m_width->setRange(1, 15);
    m_width->setToolTip(tr("k: how many neighbouring tokens each convolution output averages"));
    m_alignment = new QComboBox(this);
    m_alignment->setObjectName(QStringLiteral("convAlignment"));
    m_alignment->addItem(tr("causal"), QStringLiteral("causal"));
    m_alignment->addItem(tr("centred"), QStringLiteral("centred"));
    m_alignment->setToolTip(
        tr("Causal: token t reads t−k+1 … t, never a later token. Centred: t−(k−1)/2 … "
           "t+(k−1)/2, both sides; it needs an odd width, so an even one is raised by 1."));
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("rnnSeed"));
    m_seed->setRange(0, 99999);
    m_seed->setToolTip(
        tr("Seed of the RNN's random (untrained) weights: W_xh, W_hh, b ~ U(−1/√d_h, 1/√d_h)"));

    auto *form = new QFormLayout;
    form->addRow(tr("Compare"), m_baseline);
    form->addRow(tr("Conv. width k"), m_width);
    form->addRow(tr("Conv. taps"), m_alignment);
    form->addRow(tr("RNN seed"), m_seed);
    auto *controls = new QGroupBox(tr("Baselines"), this);
    controls->setLayout(form);

    auto *tokens = new QGroupBox(tr("The tokens (edit them)"), this);
    auto *tokensLayout = new QVBoxLayout(tokens);
    tokensLayout->addWidget(new QLabel(tr("K — keys (attention only)"), tokens));
    tokensLayout->addWidget(
        tensorTable(m_document, doc::TensorRole::Key, QStringLiteral("baselinesKeys"), tokens));
    tokensLayout->addWidget(new QLabel(tr("X = V — mixed by all four"), tokens));
    tokensLayout->addWidget(
        tensorTable(m_document, doc::TensorRole::Value, QStringLiteral("baselinesValues"), tokens));

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("baselinesSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *left = new QVBoxLayout;
    left->addWidget(controls);
    left->addWidget(tokens, 1);
    left->addWidget(m_summary);
    auto *leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    leftWidget->setMaximumWidth(250);

    m_plot = new BaselinesPlot(this);
    m_plot->setObjectName(QStringLiteral("baselinesPlot"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(leftWidget);
    layout->addWidget(m_plot, 1);

    const auto changed = [this] {
        if (!m_resetting) recompute();
    };
    connect(m_baseline, &QComboBox::currentIndexChanged, this, changed);
    connect(m_width, &QSpinBox::valueChanged, this, [this, changed] {
        if (m_alignment->currentIndex() == 1 && m_width->value() % 2 == 0) {
            m_width->setValue(m_width->value() + 1); // recomputes through this slot again
            return;
        }
        changed();
    });
    connect(m_alignment, &QComboBox::currentIndexChanged, this, [this, changed] {
        if (m_alignment->currentIndex() == 1 && m_width->value() % 2 == 0) {
            m_width->setValue(std::min(m_width->value() + 1, m_width->maximum()));
            return;
        }
        changed();
    });
    connect(m_seed, &QSpinBox::valueChanged, this, changed);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] { recompute(); }));
    resetViewState();
}

BaselinesView::~BaselinesView() = default;

void BaselinesView::resetViewState()
{
    m_resetting = true;
    m_baseline->setCurrentIndex(Mean);
    m_alignment->setCurrentIndex(0);
    m_width->setValue(kDefaultWidth);
    m_seed->setValue(kDefaultSeed);
    m_resetting = false;
    m_referenceX = m_document->tensor(doc::TensorRole::Value);
    m_referenceAttention = m_document->traceIsCurrent() ? m_document->trace().output : Matrix();
    recompute();
}

void BaselinesView::computeBaselines(const Matrix &x, std::array<Matrix, 4> &outputs,
                                     std::array<Matrix, 4> *mixing) const
{
    const Index n = x.rows();
    for (Matrix &m : outputs) m = Matrix();
    if (mixing)
        for (Matrix &m : *mixing) m = Matrix();
    if (n == 0 || x.cols() == 0) return;
    const Index k = m_width->value();
    const auto alignment =
        m_alignment->currentIndex() == 1 ? ConvolutionAlignment::Centred : ConvolutionAlignment::Causal;
    const std::vector<double> taps = uniformTaps(k);
    const Matrix identity = Matrix::Identity(n, n);
    outputs[1] = meanPooling(x);                                                               // (n, d)
    outputs[2] = localConvolution(x, taps, alignment, ConvolutionPadding::Renormalise);        // (n, d)
    outputs[3] = recurrenceBaseline(x, x.cols(), static_cast<std::uint32_t>(m_seed->value())); // (n, d_h = d)
    if (mixing) {
        (*mixing)[1] = meanPooling(identity);                                                        // (n, n)
        (*mixing)[2] = localConvolution(identity, taps, alignment, ConvolutionPadding::Renormalise); // (n, n)
    }
}

void BaselinesView::recompute()
{
    m_message.clear();
    const Matrix &x = m_document->tensor(doc::TensorRole::Value); // (n_k, H_kv·d_v)
    computeBaselines(x, m_outputs, &m_mixing);
    if (!m_document->traceIsCurrent()) {
        m_message = tr("Nothing computed: %1").arg(m_document->lastError());
    } else if (m_document->queryCount() != m_document->keyCount() ||
               m_document->trace().output.cols() != x.cols()) {
        m_message = tr("Attention is shown only for self-attention with as many query as K/V heads "
                       "(n_q = n_k, H_q = H_kv), so that its rows are the same tokens as X.");
    } else {
        m_outputs[0] = m_document->trace().output;          // (n, d_v)
        m_mixing[0] = m_document->trace().heads[0].weights; // (n, n), head 0
    }
    computeBaselines(m_referenceX, m_referenceOutputs, nullptr);
    m_referenceOutputs[0] = m_referenceAttention;

    BaselinesFigure figure;
    const int selected = m_baseline->currentIndex() + 1;
    figure.title = tr("The same tokens X = V, mixed four ways");
    figure.tokens = m_document->traceKeyLabels();
    figure.names = {tr("Attention\nsoftmax(q·k/√d_k)"), tr("Mean pooling\nweights 1/n"),
                    tr("Convolution\nk = %1, %2")
                        .arg(m_width->value())
                        .arg(m_alignment->currentIndex() == 1 ? tr("centred") : tr("causal")),
                    tr("Recurrence\nElman RNN, seed %1").arg(m_seed->value())};
    figure.notes = {tr("Selects by content (q·k),\nany distance in one step;\ncosts n² scores per layer."),
                    tr("The same average for all:\nno selection, no order.\nFine for a bag of words."),
                    tr("Fixed reach of k tokens,\nweights by position, not\ncontent: local patterns."),
                    tr("A state, token by token:\nO(1) memory for a stream,\nn sequential steps.")};
    figure.outputs = m_outputs;
    figure.mixing = m_mixing;
    figure.noMixingText = tr("no weights:\nit carries\na state h_t");
    figure.selected = selected;
    m_plot->setFigure(figure);

    const double difference = maxDifference(m_outputs[std::size_t(selected)], m_outputs[0]);
    QString summary = tr("Largest difference between %1 and attention: <b>%2</b>")
                          .arg(m_baseline->currentText(),
                               std::isnan(difference) ? tr("not comparable") : compactNumber(difference));
    if (selected == Recurrence + 1)
        summary += tr(" (an RNN state is not a mixture of the values, so this compares unlike things)");
    summary += tr("<br>Output rows changed since the step opened: attention %1, mean %2, convolution %3, "
                  "recurrence %4.")
                   .arg(rowsChanged(0))
                   .arg(rowsChanged(1))
                   .arg(rowsChanged(2))
                   .arg(rowsChanged(3));
    if (!m_message.isEmpty()) summary += QStringLiteral("<br><i>%1</i>").arg(m_message.toHtmlEscaped());
    m_summary->setText(summary);
    emit taskValuesChanged();
}

int BaselinesView::rowsChanged(int panel) const
{
    const Matrix &now = m_outputs[std::size_t(panel)];
    const Matrix &before = m_referenceOutputs[std::size_t(panel)];
    if (now.rows() != before.rows() || now.cols() != before.cols())
        return static_cast<int>(std::max(now.rows(), before.rows()));
    int changed = 0;
    for (Index r = 0; r < now.rows(); ++r)
        if (!((now.row(r) - before.row(r)).cwiseAbs().maxCoeff() <= 1e-12)) ++changed;
    return changed;
}

QString BaselinesView::message() const
{
    return m_message;
}

QMap<QString, double> BaselinesView::taskValues() const
{
    const int selected = m_baseline->currentIndex() + 1;
    const auto lastOnFirst = [](const Matrix &m) { return m.rows() > 0 ? m(m.rows() - 1, 0) : kNaN; };
    return {
        {QStringLiteral("selected_baseline"), double(m_baseline->currentIndex())},
        {QStringLiteral("conv_width"), double(m_width->value())},
        {QStringLiteral("conv_causal"), m_alignment->currentIndex() == 0 ? 1.0 : 0.0},
        {QStringLiteral("rnn_seed"), double(m_seed->value())},
        {QStringLiteral("difference_to_attention"),
         maxDifference(m_outputs[std::size_t(selected)], m_outputs[0])},
        {QStringLiteral("conv_weight_last_first"), lastOnFirst(m_mixing[2])},
        {QStringLiteral("attention_weight_last_first"), lastOnFirst(m_mixing[0])},
        {QStringLiteral("rows_changed_attention"), double(rowsChanged(0))},
        {QStringLiteral("rows_changed_mean"), double(rowsChanged(1))},
        {QStringLiteral("rows_changed_conv"), double(rowsChanged(2))},
        {QStringLiteral("rows_changed_rnn"), double(rowsChanged(3))},
    };
}

bool BaselinesView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return m_plot->exportTo(path, format, size, error);
}

} // namespace attn::ui
