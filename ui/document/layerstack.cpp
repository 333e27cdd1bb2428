#include "ui/document/layerstack.h"
#include "ui/document/scenariodocument.h"

#include <algorithm>

namespace attn::doc {

LayerStack *LayerStack::of(ScenarioDocument *document)
{
    if (auto *stack = document->findChild<LayerStack *>(QString(), Qt::FindDirectChildrenOnly)) return stack;
    return new LayerStack(document);
}

LayerStack::LayerStack(ScenarioDocument *document) : QObject(document), m_document(document)
{
    connect(document, &ScenarioDocument::scenarioChanged, this, &LayerStack::onDocumentChanged);
}

const Scenario &LayerStack::layer(int i) const
{
    if (i == m_current || i < 0 || i >= layerCount()) return m_document->scenario();
    return m_layers[std::size_t(i)];
}

void LayerStack::setLayers(std::vector<Scenario> layers, int current, const QString &source)
{
    m_layers = std::move(layers);
    m_current = m_layers.empty() ? 0 : std::clamp(current, 0, layerCount() - 1);
    m_source = m_layers.empty() ? QString() : source;
    emit layersChanged();
}

bool LayerStack::openLayer(int i, QString *error)
{
    if (i < 0 || i >= layerCount()) return false;
    if (i == m_current) return true;
    const Scenario leaving = m_document->scenario();
    m_switching = true;
    const bool ok = m_document->load(m_layers[std::size_t(i)], error);
    m_switching = false;
    if (!ok) return false;
    m_layers[std::size_t(m_current)] = leaving;
    m_current = i;
    emit currentLayerChanged(i);
    return true;
}

void LayerStack::onDocumentChanged()
{
    // Edits keep a scenario's title; anything else loaded (a preset, a file, a lesson step) has its own.
    if (m_switching || m_layers.empty() ||
        m_document->scenario().title == m_layers[std::size_t(m_current)].title)
        return;
    m_layers.clear();
    m_current = 0;
    m_source.clear();
    emit layersChanged();
}

} // namespace attn::doc
