// The model view (ui/views/model): every layer × head summarised off the interface thread, the
// mean, maximum and rollout beside them, a click that opens a layer and head in the document (its
// edits kept in the LayerStack), and the figure written to a file.
#include "core/aggregate.h"
#include "strictwarnings.h"
#include "ui/document/layerstack.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/model/modelview.h"

#include "workedexample.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using attn::Matrix;
using attn::Scenario;
using attn::doc::LayerStack;
using attn::doc::ScenarioDocument;
using attn::ui::ModelView;

namespace {

/// Layer `l` of a model: 2 query heads on 2 K/V heads, 3 tokens, its queries scaled by l + 1 so
/// each layer's weights differ.
Scenario layer(int l)
{
    Scenario s;
    s.title = "layer " + std::to_string(l);
    s.num_query_heads = s.num_kv_heads = 2;
    s.query.resize(3, 4);
    s.query << 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0;
    s.query *= double(l + 1);
    s.key.resize(3, 4);
    s.key << 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1;
    s.value = Matrix::Zero(3, 6); // each K/V head's values: the identity
    s.value.leftCols(3).setIdentity();
    s.value.rightCols(3).setIdentity();
    return s;
}

void waitForSummary(ModelView &view)
{
    QSignalSpy ready(&view, &ModelView::summaryReady);
    if (view.computing()) QVERIFY(ready.wait(20000));
    QTRY_VERIFY_WITH_TIMEOUT(!view.computing(), 20000);
}

} // namespace

class TestModelView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void oneScenarioIsOneLayer()
    {
        ScenarioDocument document;
        QVERIFY(document.load(attn::test::workedExample()));
        ModelView view(&document);
        waitForSummary(view);
        const attn::ui::ModelFigureData &d = view.figureData();
        QCOMPARE(int(d.summary.layers.size()), 1);
        QCOMPARE(d.summary.headCount(), 1);
        // The thumbnail is the weights themselves (2 keys: no pooling): 0.6698, 0.3302.
        const attn::ui::PooledMap &map = d.summary.layers[0]->heads[0];
        QVERIFY(map.exact());
        QVERIFY(std::abs(map.at(0, 0) - 0.66976155f) < 1e-6f);
        QVERIFY(std::abs(d.summary.largestWeight - 0.66976155) < 1e-7);
        QVERIFY(!d.summary.rollout); // one query, two keys: no rollout
        QVERIFY(!d.summary.rolloutProblem.isEmpty());
        QCOMPARE(int(d.thumbnails.size()), 1);
        QCOMPARE(int(d.thumbnails[0].size()), 3); // the head, the mean, the maximum
    }

    void everyLayerAndTheRollout()
    {
        ScenarioDocument document;
        std::vector<Scenario> layers = {layer(0), layer(1), layer(2)};
        QVERIFY(document.load(layers[0]));
        LayerStack *stack = LayerStack::of(&document);
        stack->setLayers(layers, 0, "model.safetensors");
        ModelView view(&document);
        waitForSummary(view);
        const attn::ui::ModelSummary &s = view.figureData().summary;
        QCOMPARE(int(s.layers.size()), 3);
        QCOMPARE(s.headCount(), 2);
        // The rollout is that of the layers' head means, computed here directly.
        std::vector<Matrix> means;
        for (const Scenario &l : layers) {
            const attn::AttentionTrace t = attn::attend(l);
            means.push_back(attn::meanOverHeads({t.heads[0].weights, t.heads[1].weights}));
        }
        const Matrix expected = attn::attentionRollout(means);
        QVERIFY(s.rollout.has_value());
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                QVERIFY(std::abs(s.rollout->at(i, j) - float(expected(i, j))) < 1e-6f);
        QCOMPARE(view.taskValues().value("layers"), 3.0);
    }

    void clickOpensTheLayerAndKeepsEdits()
    {
        ScenarioDocument document;
        QVERIFY(document.load(layer(0)));
        LayerStack *stack = LayerStack::of(&document);
        stack->setLayers({layer(0), layer(1), layer(2)}, 0, "m");
        ModelView view(&document);
        waitForSummary(view);
        QVERIFY(document.setCell(attn::doc::TensorRole::Query, 0, 0, 5.0)); // an edit of layer 0
        QVERIFY(view.openHead(2, 1));
        QCOMPARE(stack->currentLayer(), 2);
        QCOMPARE(document.selectedHead(), 1);
        QCOMPARE(document.scenario().query(0, 0), 3.0); // layer 2's own numbers
        QCOMPARE(stack->layer(0).query(0, 0), 5.0);     // the edit of layer 0 is kept
        QVERIFY(view.openHead(0, 0));
        QCOMPARE(document.scenario().query(0, 0), 5.0);
        QVERIFY(!view.openHead(3, 0));
        // Loading something else forgets the layers.
        QVERIFY(document.load(attn::test::workedExample()));
        QCOMPARE(stack->layerCount(), 0);
    }

    void editsRecomputeTheDocumentLayer()
    {
        ScenarioDocument document;
        QVERIFY(document.load(layer(0)));
        LayerStack::of(&document)->setLayers({layer(0), layer(1)}, 0, "m");
        ModelView view(&document);
        waitForSummary(view);
        const auto before = view.figureData().summary.layers;
        QVERIFY(document.setCell(attn::doc::TensorRole::Query, 0, 0, 9.0));
        waitForSummary(view);
        const auto after = view.figureData().summary.layers;
        QVERIFY(after[0] != before[0]); // recomputed
        QVERIFY(after[1] == before[1]); // kept: the same summary object
        QVERIFY(after[0]->heads[0].at(0, 0) > before[0]->heads[0].at(0, 0));
    }

    void manyTokensArePooled()
    {
        const Matrix w = Matrix::Constant(130, 130, 0.001);
        Matrix sharp = w;
        sharp(129, 0) = 0.9;
        const attn::ui::PooledMap map = attn::ui::poolMax(sharp, 64);
        QCOMPARE(map.rows, 64);
        QCOMPARE(map.cols, 64);
        QVERIFY(!map.exact());
        QCOMPARE(map.at(63, 0), 0.9f); // one sharp weight stays visible
        QCOMPARE(map.at(0, 0), 0.001f);
        QCOMPARE(map.firstQuery(63), attn::Index(127));
        QCOMPARE(map.endQuery(63), attn::Index(130));
    }

    void exportsTheFigure()
    {
        ScenarioDocument document;
        QVERIFY(document.load(layer(1)));
        ModelView view(&document);
        waitForSummary(view);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.exportTo(dir.filePath("model.png"), "png", QSize(900, 600), &error), qPrintable(error));
        QVERIFY2(view.exportTo(dir.filePath("model.svg"), "svg", QSize(900, 600), &error), qPrintable(error));
        QVERIFY(QImage(dir.filePath("model.png")).width() >= 900);
    }
};

QTEST_MAIN(TestModelView)
#include "tst_modelview.moc"
