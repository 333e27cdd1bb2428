#include "ui/views/common/queryselector.h"

#include "ui/document/scenariodocument.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace attn::ui {

QuerySelector::QuerySelector(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    m_query = new QComboBox(this);
    m_query->setObjectName(QStringLiteral("querySelector"));
    m_query->setToolTip(tr("The query whose scores and weights are shown"));
    m_query->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_query->setMinimumContentsLength(3);
    m_head = new QComboBox(this);
    m_head->setToolTip(tr("The query head whose q and keys are used"));
    m_headCaption = new QLabel(tr("Head:"), this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Query:"), this));
    layout->addWidget(m_query);
    layout->addWidget(m_headCaption);
    layout->addWidget(m_head);

    connect(m_query, &QComboBox::currentIndexChanged, m_document, &doc::ScenarioDocument::setSelectedQuery);
    connect(m_head, &QComboBox::currentIndexChanged, m_document, &doc::ScenarioDocument::setSelectedHead);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, &QuerySelector::refresh);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, &QuerySelector::refresh);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, &QuerySelector::refresh);
    refresh();
}

void QuerySelector::refresh()
{
    const QSignalBlocker blockQuery(m_query);
    const QSignalBlocker blockHead(m_head);
    const QStringList labels = m_document->traceQueryLabels();
    QStringList shown;
    for (int i = 0; i < m_query->count(); ++i) shown << m_query->itemText(i);
    if (shown != labels) {
        m_query->clear();
        m_query->addItems(labels);
    }
    m_query->setCurrentIndex(m_document->selectedQuery());
    const int heads = static_cast<int>(m_document->trace().heads.size());
    if (m_head->count() != heads) {
        m_head->clear();
        for (int h = 0; h < heads; ++h) m_head->addItem(QString::number(h));
    }
    m_head->setCurrentIndex(m_document->selectedHead());
    m_head->setVisible(heads > 1);
    m_headCaption->setVisible(heads > 1);
}

} // namespace attn::ui
