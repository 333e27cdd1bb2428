#include "ui/views/qkv/editortext.h"

#include "ui/base/numbertext.h"
#include "ui/base/textcolors.h"

#include <QCoreApplication>

#include <algorithm>

namespace attn::ui {

namespace {

/// The editor's translation context, so that moving these lines here changed no translation.
QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::QkvEditorView", text);
}

} // namespace

namespace {

QString entriesText(const Eigen::Ref<const Eigen::RowVectorXd> &row,
                    const Eigen::Matrix<bool, 1, Eigen::Dynamic> *visible, bool exact, const QString &noun,
                    int groupSize, QString (*number)(double) = compactNumber)
{
    const Index limit = exact ? kShownExactEntries : kShownEntries;
    QString text = QStringLiteral("[");
    for (Index j = 0; j < std::min(row.size(), limit); ++j) {
        if (j > 0) text += groupSize > 0 && j % groupSize == 0 ? QStringLiteral(" | ") : QStringLiteral(", ");
        if (visible && j < visible->size() && !(*visible)(j))
            text += QStringLiteral("—");
        else
            text += exact ? exactNumber(row(j)) : number(row(j));
    }
    if (row.size() > limit) text += QStringLiteral(", … (%1 %2)").arg(row.size()).arg(noun);
    return text + QLatin1Char(']');
}

} // namespace

QString vectorText(const Eigen::Ref<const Eigen::RowVectorXd> &row, bool exact, const QString &noun,
                   int groupSize)
{
    return entriesText(row, nullptr, exact, noun, groupSize);
}

QString weightsText(const Eigen::Ref<const Eigen::RowVectorXd> &row, bool exact, const QString &noun)
{
    return entriesText(row, nullptr, exact, noun, 0, weightNumber);
}

QString scoresText(const Eigen::Ref<const Eigen::RowVectorXd> &row,
                   const Eigen::Ref<const Eigen::Matrix<bool, 1, Eigen::Dynamic>> &visible, bool exact,
                   const QString &noun)
{
    const Eigen::Matrix<bool, 1, Eigen::Dynamic> shown = visible;
    return entriesText(row, &shown, exact, noun, 0);
}

QString shapesLine(const doc::ScenarioDocument &document)
{
    const Scenario &s = document.scenario();
    const auto dims = [](const Matrix &m) { return QStringLiteral("%1×%2").arg(m.rows()).arg(m.cols()); };
    const int nq = document.queryCount();
    const int nk = document.keyCount();
    const int hq = document.headCount(doc::TensorRole::Query);
    const int dv = document.valueDim();
    QString a = QStringLiteral("%1×%2").arg(nq).arg(nk);
    if (hq > 1) a = tr("%1 per head (%2 heads)").arg(a).arg(hq);
    if (s.query.size() == 0 || s.key.size() == 0) {
        // Raw scores replace Q·Kᵀ: S is the input, Q and K play no part.
        return tr("S %1 (raw scores), V %2 → A %1, O %3×%4").arg(a, dims(s.value)).arg(nq).arg(hq * dv);
    }
    return tr("Q %1, K %2, V %3 → A %4, O %5×%6")
        .arg(dims(s.query), dims(s.key), dims(s.value), a)
        .arg(nq)
        .arg(hq * dv);
}

QString tensorPanelTitle(const doc::ScenarioDocument &document, doc::TensorRole role)
{
    const int rows = role == doc::TensorRole::Query ? document.queryCount() : document.keyCount();
    const int heads = document.headCount(role);
    const int width = document.headWidth(role);
    const QString widthName = role == doc::TensorRole::Value ? QStringLiteral("d_v") : QStringLiteral("d_k");
    const QString columns = heads > 1 ? QStringLiteral("%1·%2").arg(heads).arg(widthName) : widthName;
    const char *text = nullptr;
    switch (role) {
    case doc::TensorRole::Query:
        text = QT_TRANSLATE_NOOP("attn::ui::QkvEditorView",
                                 "<b>Q</b> — queries: what each token looks for &nbsp; "
                                 "<span style='color:#555'>n_q × %1 = %2 × %3</span>");
        break;
    case doc::TensorRole::Key:
        text = QT_TRANSLATE_NOOP("attn::ui::QkvEditorView",
                                 "<b>K</b> — keys: what each token offers to be matched (how much to take) "
                                 "&nbsp; <span style='color:#555'>n_k × %1 = %2 × %3</span>");
        break;
    case doc::TensorRole::Value:
        text = QT_TRANSLATE_NOOP("attn::ui::QkvEditorView",
                                 "<b>V</b> — values: what each token hands over (what to take) "
                                 "&nbsp; <span style='color:#555'>n_k × %1 = %2 × %3</span>");
        break;
    }
    // The shapes in the theme's secondary grey (the translations keep the light theme's #555).
    return tr(text)
        .arg(columns)
        .arg(rows)
        .arg(heads * width)
        .replace(QStringLiteral("color:#555"), QStringLiteral("color:") + textColorName(TextTone::Secondary));
}

} // namespace attn::ui
