// A lesson: steps of Markdown text, each with a view, a scenario, and an optional task whose
// check is evaluated on the computed trace. Plain data; QtCore only. The file format is
// described in lessons/README.md; lessonloader.h reads and validates it.
#pragma once

#include "core/scenario.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace attn::lessons {

/// A query or a key named in a lesson file: by token label ("she") or by 0-based index.
/// A label is looked up in the labels of the trace being checked, so it keeps naming the same
/// token when the learner adds or removes other tokens.
struct TokenRef {
    int index = -1; ///< used when token is empty
    QString token;  ///< a query or key label; empty = use index

    bool isSet() const { return !token.isEmpty() || index >= 0; }
    /// "“she”" or "#3" for messages.
    QString describe() const;
};

/// What a task's check tests. Each kind reads a few fields of TaskCheck (see lessons/README.md).
enum class CheckKind {
    WeightAbove,   ///< weights[head](query, key) > value
    WeightBelow,   ///< weights[head](query, key) < value
    WeightNear,    ///< |weights[head](query, key) − value| ≤ tolerance
    ArgmaxKey,     ///< key is the single largest weight of (head, query)
    OutputNear,    ///< every |output(query)_c − target_c| ≤ tolerance (a head's block, or the row)
    Shapes,        ///< n_q, n_k, d_k, d_v equal the given ones (unset ones are not checked)
    DType,         ///< the trace is computed in one of `dtypes`
    SelectedQuery, ///< the learner is looking at query `query` (clicked or chosen)
    ViewValue,     ///< the step's view reports taskValues()[name] above/below/equal to bounds
    AllOf,         ///< every check in `all` holds
};

/// One declarative check on a trace.
struct TaskCheck {
    CheckKind kind = CheckKind::WeightAbove;
    int head = 0;               ///< query head (WeightAbove…ArgmaxKey); OutputNear: −1 = whole row
    TokenRef query;             ///< every kind but Shapes and AllOf
    TokenRef key;               ///< the weight kinds and ArgmaxKey
    double value = 0.0;         ///< threshold (WeightAbove, WeightBelow) or target (WeightNear)
    double tolerance = 0.01;    ///< WeightNear, OutputNear
    std::vector<double> target; ///< OutputNear: (d_v) with a head, (H_q·d_v) without
    std::optional<int> n_q, n_k, d_k, d_v;      ///< Shapes
    std::vector<Precision> dtypes;              ///< DType: any one of them
    QString name;                               ///< ViewValue: a name of FigureView::taskValues()
    std::optional<double> above, below, equals; ///< ViewValue: > above, < below, |x − equals| ≤ tolerance
    /// SelectedQuery, ViewValue: false keeps the wanted value out of the status line, for tasks
    /// whose answer is that value ("find the smallest n …").
    bool showTarget = true;
    std::vector<TaskCheck> all; ///< AllOf
};

/// A task: what the learner should do, and how the app knows it is done.
struct LessonTask {
    QString description; ///< Markdown, one or two sentences
    TaskCheck check;
};

/// What a step asks the learner to predict before it shows the weights (lessons/README.md,
/// "Predictions"; scored by prediction.h).
enum class PredictionKind {
    PickKey,      ///< "pick_key": which key gets the largest weight of (head, query)
    Number,       ///< "number": one weight (head, query, key) or one output entry (query, column)
    Distribution, ///< "distribution": the whole row of weights of (head, query), as bars that sum to 1
};

/// A step's prediction: the question and the cell or row it is about.
struct StepPrediction {
    PredictionKind kind = PredictionKind::PickKey;
    QString question;    ///< Markdown, one sentence
    QString explanation; ///< Markdown shown with the answer (why it is what it is); may be empty
    int head = 0;        ///< query head (PickKey, Distribution, a weight)
    TokenRef query;
    TokenRef key;                  ///< Number of a weight: its key
    bool ofOutput = false;         ///< Number: an output entry instead of a weight
    int column = 0;                ///< Number of an output entry: 0-based column of the (H_q·d_v) row
    std::vector<TokenRef> choices; ///< PickKey: the keys offered; empty = every key
};

/// One screen of a lesson.
struct LessonStep {
    QString title;
    QString text;               ///< Markdown (QTextBrowser::setMarkdown)
    QString view;               ///< "qkv" or a figure view, e.g. "sentence" (see knownViews())
    Scenario scenario;          ///< loaded into the document when the step opens
    QString scenarioNote;       ///< the scenario's "comment", shown by the Q/K/V view
    QStringList controls;       ///< editable parts: "Q", "K", "V", "shape", "score", "S"; empty = none
    bool controlsGiven = false; ///< false: every control is editable (the field was absent)
    TokenRef selectedQuery;     ///< the query shown when the step opens (unset = 0)
    std::optional<LessonTask> task;
    /// Asked before the weights are shown: the views hide them until the learner answers.
    std::optional<StepPrediction> prediction;
    QStringList hints; ///< revealed one at a time, on request
    /// The English of a translated step (bilingual.h): each empty when the step is shown in English
    /// or the translation left that string English.
    QString englishTitle, englishText, englishTask, englishQuestion;
    QStringList englishHints; ///< (hints) or empty
};

/// A lesson file, parsed and validated.
struct Lesson {
    QString id; ///< "03-softmax-mixture": two digits, a dash, a lowercase slug
    QString title;
    QString summary;      ///< one sentence for the lesson list's tooltip; may be empty
    QString englishTitle; ///< the English title of a translated lesson; empty when shown in English
    QString sourcePath;   ///< the file it came from (":/lessons/…" for shipped lessons)
    /// "no_spoilers": a step's hints (and its task's status line) stay hidden until its prediction
    /// is given.
    bool noSpoilers = false;
    std::vector<LessonStep> steps;
};

/// One problem found in a lesson file. `step` is 1-based; 0 means the lesson as a whole.
struct LessonProblem {
    QString file; ///< the file's name as given (a path, or ":/lessons/…")
    int step = 0;
    QString field;   ///< dotted path inside the lesson or step, e.g. "task.check.key"
    QString message; ///< one sentence, naming the values involved

    /// "03-softmax.json: step 2: task.check.key: unknown key “k3”; the keys are k1, k2".
    QString toString() const;
};

/// The view names a step may use, in the order the main window stacks them: "qkv", then
/// ui::figureViews().
QStringList knownViews();

/// The editable controls a step may list: "Q", "K", "V", "shape" (add/remove buttons), "score"
/// (score kind, scale and temperature strip), "S" (the table of raw scores).
QStringList knownControls();

/// The check kinds' file names, e.g. "weight_above", in CheckKind order.
QStringList checkKindNames();

/// The prediction kinds' file names, "pick_key", "number", "distribution", in PredictionKind order.
QStringList predictionKindNames();

} // namespace attn::lessons
