// The intended solution of every task of the shipped lessons, written as the edits a learner
// makes, and the code that applies such an edit to a document or to a figure view's own
// controls, as the learner would. Used by tst_lessoncheck.
#pragma once

#include "core/scenario.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lesson.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/views/common/figureview.h"
#include "ui/views/mask/maskedits.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStringList>
#include <QTabWidget>
#include <QTest>

#include <map>

namespace attn::test {

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::lessons::LessonStep;

/// The intended solution of every shipped task, as edits a learner makes with the controls the
/// step leaves unlocked: "Q[row][col]=x", "K[row][col]=x", "V[row][col]=x" (rows by label),
/// "remove key ROW", "add query", "add key", "add d_v column", "select ROW", "temperature=x" (the
/// score strip), "softcap=x", "sink=x" and "dtype=NAME" (its second row), "mask documents IDS" and
/// "mask hide QUERY KEY" (the mask editor), "edit scores directly" and "S[row][col]=x" (the score table; rows
/// and columns by label), "W_q[row][col]=x" (also X, X_kv, W_k, W_v, W_o; rows by number: the projection
/// tables), and for a figure view's own controls "set NAME=VALUE" (a spin box, slider, combo box or tab
/// widget (by index or tab text) of the view found by objectName; a combo box by item data or text), "click
/// NAME [xN]" (a button, N times) and "wait NAME=VALUE" (until the view's task value NAME equals VALUE: a run
/// on a worker thread ends). Key: "<lesson id>/<step, from 1>".
inline const std::map<QString, QStringList> &solutions()
{
    static const std::map<QString, QStringList> table = {
        {"01-why-attention/1", {"select she"}},
        {"01-why-attention/2", {"select come"}},
        {"01-why-attention/3", {"Q[she][1]=4"}},
        {"02-query-key-value/1", {"Q[q][0]=0", "Q[q][1]=1"}},
        {"02-query-key-value/2",
         {"V[k1][1]=1", "V[k1][2]=1", "V[k2][0]=1", "V[k2][2]=1", "V[k3][0]=1", "V[k3][1]=1"}},
        {"02-query-key-value/3", {"K[k3][0]=4"}},
        {"02-query-key-value/4", {"W_q[0][0]=0", "W_q[0][1]=1", "W_q[1][0]=1", "W_q[1][1]=0"}},
        {"03-softmax-mixture/1", {"Q[q][0]=4"}},
        {"03-softmax-mixture/2", {"temperature=0.3"}},
        {"03-softmax-mixture/3", {"Q[q][0]=4"}},
        {"03-softmax-mixture/4", {"remove key k2 again"}},
        {"03-softmax-mixture/5", {"K[k1][0]=2"}},
        {"04-why-scale/1", {"K[k1][2]=-3"}},
        {"04-why-scale/2", {"K[k1][2]=10"}},
        {"04-why-scale/3", {"select large"}},
        {"05-scoring-functions/1", {"K[k1][0]=4"}},
        {"05-scoring-functions/2", {"K[k1][0]=3"}},
        {"05-scoring-functions/3", {"K[k1][1]=2"}},
        {"05-scoring-functions/4", {"select c"}},
        {"06-matrix-form/1", {"add query", "Q[q3][0]=1"}},
        {"06-matrix-form/2", {"add d_v column"}},
        {"06-matrix-form/3", {"K[k3][0]=2", "K[k3][1]=2"}},
        {"06-matrix-form/4", {"edit scores directly", "S[a][k1]=0", "S[a][k3]=-10"}},
        {"07-masks/1", {"Q[like][0]=3", "Q[like][1]=0"}},
        {"07-masks/2", {"mask causal"}},
        {"07-masks/3", {"V[tea][0]=10", "V[tea][1]=10"}},
        {"07-masks/5", {"mask policy uniform"}},
        {"08-self-and-cross/1", {"select cat"}},
        {"08-self-and-cross/2", {"select hitam"}},
        {"08-self-and-cross/3", {"Q[hitam][1]=0", "Q[hitam][2]=4"}},
        // lessons 09, 12:
        // lesson 09a (the encoder-decoder page trains on its worker thread; short runs keep the test quick):
        {"09-attention-began-in-rnns/1",
         {"set seq2seqSteps=25", "click seq2seqNoAttention", "click seq2seqTrain", "wait running=0"}},
        {"09-attention-began-in-rnns/2",
         {"set seq2seqSteps=25", "set seq2seqScore=additive (Bahdanau)", "click seq2seqTrain",
          "wait running=0"}},
        {"09-attention-began-in-rnns/3", {"temperature=10"}},
        {"09-attention-began-in-rnns/4", {"set seq2seqSteps=20", "click seq2seqCompare", "wait running=0"}},
        {"09-attention-began-in-rnns/5", {"set seq2seqSteps=10", "click seq2seqMeasure", "wait running=0"}},
        {"09-rnn-vs-attention/1", {"set pathsI=1", "set pathsJ=10"}},
        {"09-rnn-vs-attention/2", {"set pathsWindow=4"}},
        {"09-rnn-vs-attention/3", {"click pathsStep x12"}},
        {"09-rnn-vs-attention/4", {"set pathsN=64", "set pathsWindow=16"}},
        {"12-quadratic-cost/1", {"set costN=100000"}},
        {"12-quadratic-cost/2", {"set costDtype=f32", "set costN=11586"}},
        {"12-quadratic-cost/3", {"set costKvHeads=8"}},
        {"12-quadratic-cost/4", {"set costWindow=512"}},
        // lessons 10, 11:
        {"10-multi-head/1", {"set headSelector=2"}},
        {"10-multi-head/2", {"K[sat][0]=4"}},
        {"10-multi-head/4", {"set kvGrouping=1"}},
        {"10-multi-head/5", {"Q[cat][0]=0", "Q[cat][1]=6"}},
        {"11-position/1", {"set positionalKind=rope"}},
        {"11-position/2", {"set ropeBase=10"}},
        {"11-position/3", {"set rotaryDim=2"}},
        {"11-position/4", {"set alibiSlope=0.5"}},
        {"11-position/5", {"set window=2"}},
        // lessons 13, 15:
        {"13-efficient-designs/1", {"click stepButton x9"}},
        {"13-efficient-designs/2", {"set blockQuery=3", "set blockKey=3", "click stepButton x4"}},
        {"13-efficient-designs/3", {"set kvHeadsCombo=8 (GQA)"}},
        {"13-efficient-designs/4", {"set layersSpin=4"}},
        {"15-weights-not-explanations/1", {"set interventionKind=delete", "set interventionKey=not"}},
        {"15-weights-not-explanations/2", {"select the"}},
        {"15-weights-not-explanations/3", {"set interventionKind=duplicate", "set interventionKey=movie"}},
        // lessons 14, 16:
        {"14-measuring-honestly/2", {"set measuringRepetitions=21"}},
        {"14-measuring-honestly/3", {"set needleWindow=1024"}},
        {"14-measuring-honestly/4", {"set needleKernel=linear"}},
        {"16-baselines/1", {"K[cat][0]=1", "K[cat][1]=0"}},
        {"16-baselines/2", {"set convWidth=6"}},
        {"16-baselines/3", {"V[she][0]=3"}},
        // lessons 17, 18 (training runs on the view's worker thread; "wait" lets it finish):
        {"17-heads-are-learned/1", {"click trainPlay", "wait running=0"}},
        {"17-heads-are-learned/2", {"click trainPlay", "wait running=0", "click trainOpenHead"}},
        {"17-heads-are-learned/3", {"set trainSeed=1", "click trainPlay", "wait running=0"}},
        {"18-does-she-find-xiaohong/1", {"set trainTask=coreference", "click trainPlay", "wait running=0"}},
        {"18-does-she-find-xiaohong/2",
         {"set trainTask=coreference", "set trainRole=target token", "click trainPlay", "wait running=0"}},
        {"18-does-she-find-xiaohong/3", {"set interventionKind=delete", "set interventionKey=Yan"}},
        {"18-does-she-find-xiaohong/4",
         {"set trainTask=coreference", "click trainPlay", "wait running=0", "set trainSide=1",
          "set effectChange=delete the token", "set effectSequence=1"}},
        {"20-todays-attention/1", {"softcap=5"}},
        {"20-todays-attention/2", {"sink=2"}},
        {"20-todays-attention/3", {"mask documents 0 0 0 1 1"}},
        {"20-todays-attention/4", {"set prefixLength=2"}},
        {"21-precision/1", {"Q[q][0]=100", "Q[q][1]=100"}},
        {"21-precision/2", {"dtype=bfloat16"}},
        {"21-precision/3", {"dtype=float16"}},
        {"21-precision/4", {"mask hide pad k1", "mask hide pad k2", "mask hide pad pad"}},
    };
    return table;
}

/// "set NAME=VALUE" and "click NAME [xN]" on the figure view's own widgets, as a learner would.
inline bool applyViewEdit(const QString &edit, attn::ui::FigureView *view, QString *why)
{
    if (!view) return (*why = "the step has no figure view", false);
    static const QRegularExpression set(QStringLiteral("^set (\\w+)=(.+)$"));
    static const QRegularExpression click(QStringLiteral("^click (\\w+)(?: x(\\d+))?$"));
    if (const QRegularExpressionMatch m = set.match(edit); m.hasMatch()) {
        QWidget *widget = view->findChild<QWidget *>(m.captured(1));
        if (!widget) return (*why = "no widget " + m.captured(1), false);
        if (!widget->isEnabled()) return (*why = m.captured(1) + " is disabled", false);
        const QString value = m.captured(2);
        if (auto *spin = qobject_cast<QSpinBox *>(widget)) {
            spin->setValue(value.toInt());
            return spin->value() == value.toInt() || (*why = "value out of range", false);
        }
        if (auto *spin = qobject_cast<QDoubleSpinBox *>(widget)) {
            spin->setValue(value.toDouble());
            return true;
        }
        if (auto *slider = qobject_cast<QAbstractSlider *>(widget)) {
            slider->setValue(value.toInt());
            return slider->value() == value.toInt() || (*why = "value out of range", false);
        }
        if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            int index = combo->findData(value);
            bool integer = false;
            if (const int number = value.toInt(&integer); index < 0 && integer)
                index = combo->findData(number);
            if (index < 0) index = combo->findText(value);
            if (index < 0) return (*why = "no item " + value, false);
            combo->setCurrentIndex(index);
            return true;
        }
        if (auto *tabs = qobject_cast<QTabWidget *>(widget)) {
            for (int i = 0; i < tabs->count(); ++i)
                if (QString::number(i) == value || tabs->tabText(i).remove('&') == value) {
                    tabs->setCurrentIndex(i);
                    return true;
                }
            return (*why = "no tab " + value, false);
        }
        return (*why = m.captured(1) + " is not a spin box, slider, combo box or tab widget", false);
    }
    static const QRegularExpression wait(QStringLiteral("^wait (\\w+)=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = wait.match(edit); m.hasMatch()) {
        const QString name = m.captured(1);
        const double value = m.captured(2).toDouble();
        const bool reached =
            QTest::qWaitFor([&] { return view->currentTaskValues().value(name, -1) == value; },
                            attn::test::scaledTimeout(120000));
        return reached || (*why = name + " never became " + m.captured(2), false);
    }
    if (const QRegularExpressionMatch m = click.match(edit); m.hasMatch()) {
        auto *button = view->findChild<QAbstractButton *>(m.captured(1));
        if (!button) return (*why = "no button " + m.captured(1), false);
        const int times = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
        for (int i = 0; i < times; ++i) {
            if (!button->isEnabled()) return (*why = m.captured(1) + " is disabled", false);
            button->click();
        }
        return true;
    }
    return (*why = "unknown edit", false);
}

inline bool allowed(const LessonStep &step, const QString &control)
{
    return !step.controlsGiven || step.controls.contains(control);
}

/// Applies one edit written as in solutions(); false (with *why) when it cannot be applied or
/// uses a control the step locks.
inline bool applyEdit(const QString &edit, const LessonStep &step, ScenarioDocument &document, QString *why)
{
    static const QRegularExpression cell(QStringLiteral("^([QKV])\\[(.+)\\]\\[(\\d+)\\]=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = cell.match(edit); m.hasMatch()) {
        const QString tensor = m.captured(1);
        if (!allowed(step, tensor)) return (*why = tensor + " is locked in this step", false);
        const TensorRole role = tensor == "Q"   ? TensorRole::Query
                                : tensor == "K" ? TensorRole::Key
                                                : TensorRole::Value;
        const QStringList labels =
            role == TensorRole::Query ? document.traceQueryLabels() : document.traceKeyLabels();
        const int row = static_cast<int>(labels.indexOf(m.captured(2)));
        if (row < 0) return (*why = "no row " + m.captured(2), false);
        return document.setCell(role, row, m.captured(3).toInt(), m.captured(4).toDouble()) ||
               (*why = "setCell refused", false);
    }
    static const QRegularExpression projection(
        QStringLiteral("^(X|X_kv|W_q|W_k|W_v|W_o)\\[(\\d+)\\]\\[(\\d+)\\]=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = projection.match(edit); m.hasMatch()) {
        const QString name = m.captured(1);
        if (!allowed(step, name)) return (*why = name + " is locked in this step", false);
        attn::Scenario edited = document.scenario();
        if (!edited.projection) return (*why = "the scenario has no projections", false);
        attn::Projection &p = *edited.projection;
        attn::Matrix &matrix = name == "X"      ? p.X
                               : name == "X_kv" ? p.X_kv
                               : name == "W_q"  ? p.W_q
                               : name == "W_k"  ? p.W_k
                               : name == "W_v"  ? p.W_v
                                                : edited.W_o;
        const int row = m.captured(2).toInt(), col = m.captured(3).toInt();
        if (row >= matrix.rows() || col >= matrix.cols()) return (*why = "no cell " + edit, false);
        matrix(row, col) = m.captured(4).toDouble();
        attn::project(edited);
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (edit.startsWith("temperature=")) {
        if (!allowed(step, QStringLiteral("score"))) return (*why = "the score strip is locked", false);
        attn::Scenario edited = document.scenario();
        edited.temperature = edit.mid(12).toDouble();
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    // The second row of the score strip (ScoreOptions): softcap, the selected head's sink, dtype.
    if (edit.startsWith("softcap=") || edit.startsWith("sink=") || edit.startsWith("dtype=")) {
        if (!allowed(step, QStringLiteral("score"))) return (*why = "the score strip is locked", false);
        attn::Scenario edited = document.scenario();
        const QString value = edit.section('=', 1);
        if (edit.startsWith("softcap=")) {
            edited.softcap = value.toDouble();
        } else if (edit.startsWith("sink=")) {
            edited.sinks.assign(static_cast<std::size_t>(edited.num_query_heads), 0.0);
            edited.sinks[static_cast<std::size_t>(document.selectedHead())] = value.toDouble();
        } else {
            bool found = false;
            for (attn::Precision p : {attn::Precision::Float64, attn::Precision::Float32,
                                      attn::Precision::Float16, attn::Precision::BFloat16})
                if (value == QLatin1String(attn::toString(p))) edited.dtype = p, found = true;
            if (!found) return (*why = "no dtype " + value, false);
        }
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (edit == "edit scores directly") {
        if (!allowed(step, QStringLiteral("S"))) return (*why = "S is locked in this step", false);
        const auto edited = attn::ui::scenarioWithRawScores(document.scenario(), document.trace(), why);
        return edited && (document.replaceScenario(*edited, edit) || (*why = "refused", false));
    }
    static const QRegularExpression score(QStringLiteral("^S\\[([^\\]]+)\\]\\[([^\\]]+)\\]=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = score.match(edit); m.hasMatch()) {
        if (!allowed(step, QStringLiteral("S"))) return (*why = "S is locked in this step", false);
        attn::Scenario edited = document.scenario();
        const int row = static_cast<int>(document.traceQueryLabels().indexOf(m.captured(1)));
        const int column = static_cast<int>(document.traceKeyLabels().indexOf(m.captured(2)));
        if (edited.scores.empty() || row < 0 || column < 0) return (*why = "no raw score " + edit, false);
        edited.scores.front()(row, column) = m.captured(3).toDouble();
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (edit.startsWith("select ")) {
        const int row = static_cast<int>(document.traceQueryLabels().indexOf(edit.mid(7)));
        if (row < 0) return (*why = "no query " + edit.mid(7), false);
        document.setSelectedQuery(row);
        return true;
    }
    // Lesson 7: the mask editor's edits, pushed as its buttons push them (no table is involved).
    if (edit == "mask causal" || edit == "mask policy uniform") {
        const attn::Scenario &current = document.scenario();
        const attn::Scenario edited =
            edit == "mask causal" ? attn::ui::withCausal(current, attn::Alignment::BottomRight)
                                  : attn::ui::withMaskedRowPolicy(current, attn::MaskedRowPolicy::Uniform);
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    // Lessons 20 and 21: the mask editor's document ids and cells, pushed as the view pushes them.
    if (edit.startsWith("mask documents ")) {
        std::vector<std::int64_t> ids;
        for (const QString &id : edit.mid(15).split(' ', Qt::SkipEmptyParts)) ids.push_back(id.toLongLong());
        return document.replaceScenario(attn::ui::withDocumentIds(document.scenario(), ids, ids), edit) ||
               (*why = "refused", false);
    }
    if (edit.startsWith("mask hide ")) {
        const QStringList parts = edit.mid(10).split(' ');
        const int row = static_cast<int>(document.traceQueryLabels().indexOf(parts.value(0)));
        const int key = static_cast<int>(document.traceKeyLabels().indexOf(parts.value(1)));
        if (row < 0 || key < 0) return (*why = "no cell " + edit, false);
        return document.replaceScenario(attn::ui::withCellVisible(document.scenario(), 0, row, key, false),
                                        edit) ||
               (*why = "refused", false);
    }
    if (!allowed(step, QStringLiteral("shape"))) return (*why = "the shape is locked in this step", false);
    if (edit.startsWith("remove key ")) {
        const int row = static_cast<int>(document.traceKeyLabels().indexOf(edit.mid(11)));
        return row >= 0 && document.removeKey(row);
    }
    if (edit == "add query") return document.addQuery();
    if (edit == "add key") return document.addKey();
    if (edit == "add d_v column") return document.addValueDim();
    *why = "unknown edit";
    return false;
}

} // namespace attn::test
