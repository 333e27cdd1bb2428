#include "ui/views/cost/costview.h"

#include "core/cost.h"
#include "ui/base/textcolors.h"
#include "ui/plots/costplot.h"
#include "ui/plots/plotexport.h"
#include "ui/views/common/viewcontrols.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

namespace {

constexpr int kRows = 4; // pairs, FLOP, score bytes, KV cache

std::uint64_t rowValue(const CostPoint &p, int row, bool window)
{
    switch (row) {
    case 0: return window ? p.window_pairs : p.pairs;
    case 1: return window ? p.window_flops : p.flops;
    case 2: return p.score_bytes;
    default: return p.kv_bytes;
    }
}

} // namespace

CostView::CostView(doc::ScenarioDocument *document, QWidget *parent) : FigureView(document, parent)
{
    setObjectName(QStringLiteral("costView"));
    const std::int64_t maxN = costCurveSizes().back();
    m_n = namedSpinBox(QStringLiteral("costN"), 16, static_cast<int>(maxN),
                       tr("Sequence length n (n_q = n_k)"), this);
    m_nSlider = new QSlider(Qt::Horizontal, this);
    m_nSlider->setObjectName(QStringLiteral("costNSlider"));
    m_nSlider->setRange(16, 80); // quarter octaves: n = 2^(k/4)
    m_nSlider->setToolTip(tr("n on a log scale, 16 … 1,048,576 (four steps per doubling)"));
    m_headDim =
        namedSpinBox(QStringLiteral("costHeadDim"), 1, 1024, tr("head_dim: d_k = d_v of each head"), this);
    m_queryHeads = namedSpinBox(QStringLiteral("costQueryHeads"), 1, 256, tr("Query heads H_q"), this);
    m_kvHeads = namedSpinBox(QStringLiteral("costKvHeads"), 1, 256,
                             tr("K/V heads H_kv: H_q for MHA, 1 for MQA, in between for GQA"), this);
    m_dtype = new QComboBox(this);
    m_dtype->setObjectName(QStringLiteral("costDtype"));
    m_dtype->setToolTip(tr("Element type of the scores and of the KV cache"));
    for (const cost::DType t :
         {cost::DType::F64, cost::DType::F32, cost::DType::F16, cost::DType::BF16, cost::DType::Int8}) {
        const QString name = QString::fromLatin1(cost::toString(t));
        const std::uint64_t bytes = cost::bytesPerElement(t);
        m_dtype->addItem(bytes == 1 ? tr("%1 (1 byte)").arg(name) : tr("%1 (%2 bytes)").arg(name).arg(bytes),
                         name);
    }
    m_layers = namedSpinBox(QStringLiteral("costLayers"), 1, 256, tr("Layers that keep a KV cache"), this);
    m_window = namedSpinBox(
        QStringLiteral("costWindow"), 0, static_cast<int>(maxN),
        tr("A causal window: each query sees only its last W keys, itself included (keys p − W + 1 "
           "… p), never a later one. W ≥ n leaves plain causal attention, n(n + 1)/2 pairs. "
           "0 = none: no mask at all, all n² pairs"),
        this);
    m_window->setSpecialValueText(tr("none (all n² pairs, no mask)"));

    // Three rows: n with its slider; the model; the window, whose label states its convention.
    auto *controls = new QVBoxLayout;
    QHBoxLayout *row = nullptr;
    const auto add = [&](const QString &text, QWidget *widget) {
        auto *label = new QLabel(text, this);
        label->setBuddy(widget);
        row->addWidget(label);
        row->addWidget(widget);
    };
    row = new QHBoxLayout;
    add(tr("&n"), m_n);
    row->addWidget(m_nSlider, 1);
    controls->addLayout(row);
    row = new QHBoxLayout;
    add(tr("&head_dim"), m_headDim);
    add(tr("&query heads"), m_queryHeads);
    add(tr("&K/V heads"), m_kvHeads);
    add(tr("&dtype"), m_dtype);
    add(tr("&layers"), m_layers);
    row->addStretch(1);
    controls->addLayout(row);
    row = new QHBoxLayout;
    add(tr("causal &window W (keys, itself included)"), m_window);
    row->addStretch(1);
    controls->addLayout(row);

    m_plot = new CostPlot(this);
    m_plot->setObjectName(QStringLiteral("costPlot"));
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("costNote"));
    setTextTone(m_note, TextTone::Error);
    m_note->setWordWrap(true);
    m_readout = new QTableWidget(kRows, 3, this);
    m_readout->setObjectName(QStringLiteral("costReadout"));
    m_readout->setAccessibleName(tr("The costs at n and at 2n"));
    m_readout->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_readout->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_readout->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_note);
    layout->addWidget(m_readout);

    connect(m_n, &QSpinBox::valueChanged, this, [this](int n) {
        const QSignalBlocker block(m_nSlider);
        m_nSlider->setValue(static_cast<int>(std::lround(4 * std::log2(double(n)))));
        refresh();
    });
    connect(m_nSlider, &QSlider::valueChanged, this, &CostView::setNFromSlider);
    connect(m_queryHeads, &QSpinBox::valueChanged, this, [this](int heads) {
        m_kvHeads->setMaximum(heads); // clamps H_kv (and refreshes through its signal)
        refresh();
    });
    for (QSpinBox *spin : {m_headDim, m_kvHeads, m_layers, m_window})
        connect(spin, &QSpinBox::valueChanged, this, &CostView::refresh);
    connect(m_dtype, &QComboBox::currentIndexChanged, this, &CostView::refresh);
    resetViewState();
}

CostView::~CostView() = default;

void CostView::setNFromSlider(int quarterOctaves)
{
    const std::vector<std::int64_t> &sizes = costCurveSizes();
    const int index = std::clamp(quarterOctaves - 16, 0, static_cast<int>(sizes.size()) - 1);
    m_n->setValue(static_cast<int>(sizes[static_cast<std::size_t>(index)]));
}

CostSettings CostView::settings() const
{
    CostSettings s;
    s.n = m_n->value();
    s.head_dim = m_headDim->value();
    s.num_query_heads = m_queryHeads->value();
    s.num_kv_heads = m_kvHeads->value();
    s.layers = m_layers->value();
    s.window = m_window->value();
    const QString dtype = m_dtype->currentData().toString();
    for (const cost::DType t :
         {cost::DType::F64, cost::DType::F32, cost::DType::F16, cost::DType::BF16, cost::DType::Int8})
        if (dtype == QLatin1String(cost::toString(t))) s.dtype = t;
    return s;
}

CostPoint CostView::atN() const
{
    return costAt(settings(), m_n->value());
}

CostPoint CostView::atTwoN() const
{
    return costAt(settings(), 2 * std::int64_t(m_n->value()));
}

QMap<QString, double> CostView::taskValues() const
{
    const CostSettings s = settings();
    QMap<QString, double> values{
        {QStringLiteral("n"), double(s.n)},
        {QStringLiteral("head_dim"), double(s.head_dim)},
        {QStringLiteral("num_query_heads"), double(s.num_query_heads)},
        {QStringLiteral("num_kv_heads"), double(s.num_kv_heads)},
        {QStringLiteral("bytes_per_element"), double(cost::bytesPerElement(s.dtype))},
        {QStringLiteral("layers"), double(s.layers)},
        {QStringLiteral("window"), double(s.window)}};
    try {
        const CostPoint a = atN(), b = atTwoN();
        const bool window = s.window > 0;
        values.insert(QStringLiteral("pairs"), double(rowValue(a, 0, window)));
        values.insert(QStringLiteral("flops"), double(rowValue(a, 1, window)));
        values.insert(QStringLiteral("score_bytes"), double(a.score_bytes));
        values.insert(QStringLiteral("kv_cache_bytes"), double(a.kv_bytes));
        values.insert(QStringLiteral("ratio_2n"),
                      double(rowValue(b, 0, window)) / double(rowValue(a, 0, window)));
        values.insert(QStringLiteral("score_ratio_2n"), double(b.score_bytes) / double(a.score_bytes));
        values.insert(QStringLiteral("kv_ratio_2n"), double(b.kv_bytes) / double(a.kv_bytes));
    } catch (const std::exception &) {
        // A model core/cost.h refuses: only the settings are reported; note() says why.
    }
    return values;
}

void CostView::resetViewState()
{
    const CostSettings d;
    {
        const QSignalBlocker b1(m_n), b2(m_nSlider), b3(m_headDim), b4(m_queryHeads), b5(m_kvHeads),
            b6(m_dtype), b7(m_layers), b8(m_window);
        m_n->setValue(static_cast<int>(d.n));
        m_nSlider->setValue(static_cast<int>(std::lround(4 * std::log2(double(d.n)))));
        m_headDim->setValue(static_cast<int>(d.head_dim));
        m_queryHeads->setValue(static_cast<int>(d.num_query_heads));
        m_kvHeads->setMaximum(static_cast<int>(d.num_query_heads));
        m_kvHeads->setValue(static_cast<int>(d.num_kv_heads));
        m_dtype->setCurrentIndex(m_dtype->findData(QString::fromLatin1(cost::toString(d.dtype))));
        m_layers->setValue(static_cast<int>(d.layers));
        m_window->setValue(static_cast<int>(d.window));
    }
    refresh();
}

QString CostView::note() const
{
    const int q = m_queryHeads->value(), kv = m_kvHeads->value();
    if (q % kv == 0) return {};
    return tr("%1 query heads cannot be split into %2 equal groups: GQA needs H_q to be a multiple of H_kv. "
              "The cache is still counted for %2 K/V heads.")
        .arg(q)
        .arg(kv);
}

QString CostView::readoutText(int row, int column) const
{
    try {
        const bool window = m_window->value() > 0;
        const std::uint64_t a = rowValue(atN(), row, window), b = rowValue(atTwoN(), row, window);
        if (column == 2) return QStringLiteral("×%1").arg(double(b) / double(a), 0, 'f', 2);
        const std::uint64_t v = column == 0 ? a : b;
        return row >= 2 ? binaryBytes(v) : shortCount(double(v));
    } catch (const std::exception &) {
        return QStringLiteral("—");
    }
}

QString CostView::readoutToolTip(int row, int column) const
{
    try {
        const bool window = m_window->value() > 0;
        const std::uint64_t a = rowValue(atN(), row, window), b = rowValue(atTwoN(), row, window);
        if (column == 2)
            return tr("%1 / %2 = %3")
                .arg(groupedInteger(b), groupedInteger(a))
                .arg(double(b) / double(a), 0, 'g', 17);
        const std::uint64_t v = column == 0 ? a : b;
        return row >= 2 ? tr("%1 bytes (%2)").arg(groupedInteger(v), binaryBytes(v)) : groupedInteger(v);
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CostView::refresh()
{
    const CostSettings s = settings();
    m_plot->setSettings(s);
    QString note = this->note();
    try {
        atTwoN();
    } catch (const std::exception &e) {
        note = QString::fromUtf8(e.what());
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    const bool window = s.window > 0;
    m_readout->setHorizontalHeaderLabels({tr("at n = %1").arg(groupedInteger(std::uint64_t(s.n))),
                                          tr("at 2n = %1").arg(groupedInteger(std::uint64_t(2 * s.n))),
                                          tr("ratio 2n / n")});
    m_readout->setVerticalHeaderLabels(
        {window ? tr("pairs (causal window, last %1 keys)").arg(groupedInteger(std::uint64_t(s.window)))
                : tr("pairs (n², no mask)"),
         window ? tr("FLOP (causal window)") : tr("FLOP (4 · pairs · head_dim · H_q)"),
         tr("naive score bytes (one layer)"), tr("KV cache bytes (%1 layers)").arg(s.layers)});
    for (int row = 0; row < kRows; ++row)
        for (int column = 0; column < 3; ++column) {
            auto *item = new QTableWidgetItem(readoutText(row, column));
            item->setToolTip(readoutToolTip(row, column));
            item->setTextAlignment(Qt::AlignCenter);
            m_readout->setItem(row, column, item);
        }
    m_readout->resizeRowsToContents();
    int height = m_readout->horizontalHeader()->height() + 2 * m_readout->frameWidth() + 2;
    for (int row = 0; row < kRows; ++row) height += m_readout->rowHeight(row);
    m_readout->setFixedHeight(height);
    emit taskValuesChanged();
}

bool CostView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    m_plot->fitTo(size);
    const bool ok = exportPlot(m_plot, path, format, size, error);
    m_plot->fitTo(m_plot->size());
    return ok;
}

} // namespace attn::ui
