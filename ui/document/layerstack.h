// The layers of a model opened from a tensor file, beside the document that shows one of them.
// QtCore only. The document holds the layer being edited; the stack holds every layer as it was
// opened (or as it was left when another layer was opened), so a view of all layers and heads
// (ui/views/model) can draw them and the document's edits of its layer show there at once.
// Each layer has a title of its own ("model.safetensors, layer 2"); when the document comes to
// hold a scenario of another title (a preset, a scenario file, a lesson step was loaded), the
// stack forgets the layers. Edits keep the title.
#pragma once

#include "core/scenario.h"

#include <QObject>
#include <QString>

#include <vector>

namespace attn::doc {

class ScenarioDocument;

class LayerStack : public QObject {
    Q_OBJECT

public:
    /// The stack of `document`, created as its child on first use: every view finds the same one.
    static LayerStack *of(ScenarioDocument *document);

    /// Number of layers: 0 when the document holds a single scenario (a preset, a scenario file).
    int layerCount() const { return int(m_layers.size()); }
    /// The layer the document shows (0 ≤ currentLayer() < layerCount()), or 0.
    int currentLayer() const { return m_current; }
    /// Where the layers came from ("model.safetensors"), or empty.
    QString source() const { return m_source; }

    /// Layer `i` as a scenario: the document's own scenario for the current layer (with its edits).
    const Scenario &layer(int i) const;

    /// Takes the layers of a file whose layer `current` the document has just loaded.
    void setLayers(std::vector<Scenario> layers, int current, const QString &source);

    /// Loads layer `i` into the document (keeping the edits of the layer it leaves in the stack);
    /// clears the undo history like any load. False, changing nothing, when `i` is out of range
    /// or the layer cannot be computed (*error says why).
    bool openLayer(int i, QString *error = nullptr);

signals:
    /// The layers changed: another file, or none (the document holds another scenario).
    void layersChanged();
    /// openLayer() made layer `i` the document's.
    void currentLayerChanged(int i);

private:
    explicit LayerStack(ScenarioDocument *document);
    void onDocumentChanged();

    ScenarioDocument *m_document;
    std::vector<Scenario> m_layers;
    int m_current = 0;
    QString m_source;
    bool m_switching = false;
};

} // namespace attn::doc
