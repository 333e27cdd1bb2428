#include "ui/shell/computeprogress.h"

#include "ui/document/scenariodocument.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace attn::ui {

ComputeProgress::ComputeProgress(doc::ScenarioDocument *document, QStatusBar *bar)
    : QWidget(bar), m_document(document), m_label(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setFixedWidth(160);
    m_cancel->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_bar->setTextVisible(false);
    m_cancel->setShortcut(Qt::Key_Escape);
    m_cancel->setToolTip(tr("Stop computing (Esc): an edit is taken back, a file is not opened"));
    connect(m_cancel, &QPushButton::clicked, document, &doc::ScenarioDocument::cancelComputation);
    connect(document, &doc::ScenarioDocument::computingChanged, this, &ComputeProgress::onComputing);
    connect(document, &doc::ScenarioDocument::computeProgress, this, &ComputeProgress::onProgress);
    bar->addPermanentWidget(this);
    setVisible(false);
}

void ComputeProgress::onComputing(bool computing)
{
    if (computing) onProgress(0, m_document->headCount(doc::TensorRole::Query));
    setVisible(computing);
}

void ComputeProgress::onProgress(int done, int total)
{
    m_bar->setRange(0, total);
    m_bar->setValue(done);
    m_label->setText(tr("Computing attention: %1 of %n head(s)…", nullptr, total).arg(done));
}

} // namespace attn::ui
