#include "ui/lessons/lessonstage.h"

#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/plots/figureexport.h"
#include "ui/views/common/figureview.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/common/scorestable.h"
#include "ui/views/qkv/projectionpanel.h"
#include "ui/views/qkv/qkveditorview.h"
#include "ui/views/viewregistry.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QDir>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>

#include <memory>

namespace attn::lessons {

bool loadStep(const LessonStep &step, doc::ScenarioDocument &document, QString *error)
{
    if (!document.load(step.scenario, error)) return false;
    document.setSelectedHead(0);
    document.setSelectedQuery(resolveToken(step.selectedQuery, document.traceQueryLabels()).value_or(0));
    return true;
}

void applyControls(const LessonStep *step, ui::QkvEditorView &view)
{
    const auto allowed = [step](const QString &control) {
        return !step || !step->controlsGiven || step->controls.contains(control);
    };
    const QString locked = QCoreApplication::translate("attn::lessons", "Locked in this step of the lesson");
    // With learned projections Q, K and V are products (the view keeps them read-only); X and
    // the W matrices are the tables to lock or unlock.
    const bool projected = view.document()->scenario().projection.has_value();
    const doc::TensorRole roles[] = {doc::TensorRole::Query, doc::TensorRole::Key, doc::TensorRole::Value};
    QStringList open;
    for (doc::TensorRole role : roles)
        if (allowed(doc::tensorName(role))) open << doc::tensorName(role);
    for (doc::TensorRole role : roles) {
        const bool editable = allowed(doc::tensorName(role)) || projected;
        // Say why, and what may be edited instead, so that a key press is never ignored silently.
        const QString reason =
            open.isEmpty()
                ? QCoreApplication::translate("attn::lessons",
                                              "%1 is locked in this step of the lesson: the step asks you to "
                                              "read it, or to use the view's own controls.")
                      .arg(doc::tensorName(role))
                : QCoreApplication::translate("attn::lessons",
                                              "%1 is locked in this step of the lesson; you may edit %2.")
                      .arg(doc::tensorName(role), open.join(QStringLiteral(", ")));
        view.setTensorLocked(role, editable ? QString() : reason);
    }
    // A bias goes with its weight matrix: b_q is editable where W_q is, …, b_o where W_o is.
    using ui::ProjectionMatrix;
    const std::pair<ProjectionMatrix, ProjectionMatrix> tables[] = {
        {ProjectionMatrix::X, ProjectionMatrix::X},     {ProjectionMatrix::X_kv, ProjectionMatrix::X_kv},
        {ProjectionMatrix::W_q, ProjectionMatrix::W_q}, {ProjectionMatrix::W_k, ProjectionMatrix::W_k},
        {ProjectionMatrix::W_v, ProjectionMatrix::W_v}, {ProjectionMatrix::W_o, ProjectionMatrix::W_o},
        {ProjectionMatrix::b_q, ProjectionMatrix::W_q}, {ProjectionMatrix::b_k, ProjectionMatrix::W_k},
        {ProjectionMatrix::b_v, ProjectionMatrix::W_v}, {ProjectionMatrix::b_o, ProjectionMatrix::W_o}};
    for (const auto &[matrix, control] : tables) {
        QTableView *table = view.projectionPanel()->tableView(matrix);
        const bool editable = allowed(ui::projectionMatrixName(control));
        table->setEditTriggers(editable ? QAbstractItemView::AllEditTriggers
                                        : QAbstractItemView::NoEditTriggers);
        table->setToolTip(editable ? QString() : locked);
    }
    // The add/remove buttons are named "add_…" and "remove_…" by the view.
    const bool shape = allowed(QStringLiteral("shape"));
    for (QToolButton *button : view.findChildren<QToolButton *>()) {
        const QString name = button->objectName();
        if (name.startsWith(QLatin1String("add_")) || name.startsWith(QLatin1String("remove_")))
            button->setEnabled(shape);
    }
    // Adding or removing the biases changes shapes too.
    if (auto *biases = view.findChild<QPushButton *>(QStringLiteral("projectionBiases")))
        biases->setEnabled(shape);
    // The score strip (kind, scale, temperature) and the score table S, if the view has them.
    if (auto *controls = view.findChild<ui::ScoreControls *>())
        controls->setLocked(!allowed(QStringLiteral("score")));
    if (auto *scores = view.findChild<ui::ScoresTable *>()) scores->setLocked(!allowed(QStringLiteral("S")));
}

QString stepFigureStem(const Lesson &lesson, int step)
{
    return QStringLiteral("%1-step%2").arg(lesson.id).arg(step + 1);
}

bool exportLessonFigures(const Lesson &lesson, const QString &dir, const QString &format, QSize size,
                         QStringList *written, QString *error)
{
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep &step = lesson.steps[i];
        const QString stem = stepFigureStem(lesson, static_cast<int>(i));
        doc::ScenarioDocument document;
        QString message;
        if (!loadStep(step, document, &message)) {
            if (error) *error = QStringLiteral("%1, step %2: %3").arg(lesson.id).arg(i + 1).arg(message);
            return false;
        }
        if (const ui::FigureViewInfo *info = ui::findFigureView(step.view)) {
            if (!QDir().mkpath(dir)) {
                if (error)
                    *error =
                        QCoreApplication::translate("attn::lessons", "Cannot create the folder %1.").arg(dir);
                return false;
            }
            const std::unique_ptr<ui::FigureView> view(info->create(&document, nullptr));
            view->resetViewState();
            const QString path = QDir(dir).filePath(stem + QLatin1Char('-') + info->suffix +
                                                    QLatin1Char('.') + format.toLower());
            if (!view->exportTo(path, format, size, error)) return false;
            if (written) *written << path;
        } else if (!ui::exportDocumentFigures(document, stem, dir, format, size, written, error)) {
            return false;
        }
    }
    return true;
}

} // namespace attn::lessons
