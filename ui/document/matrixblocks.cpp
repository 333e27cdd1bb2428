#include "ui/document/matrixblocks.h"

#include "ui/document/scenariodocument.h"

#include <QCoreApplication>

#include <cmath>

namespace attn::doc {

namespace {

/// The translation context of the messages below.
class MatrixBlocks {
    Q_DECLARE_TR_FUNCTIONS(MatrixBlocks)
};

/// "2×3".
QString shapeText(Index rows, Index cols)
{
    return QStringLiteral("%1×%2").arg(rows).arg(cols);
}

/// Index of the raw score matrix that query head `head` reads: 0 when one matrix is shared.
std::size_t scoreMatrixFor(const Scenario &scenario, int head)
{
    return scenario.scores.size() == 1 ? 0 : static_cast<std::size_t>(head);
}

/// The matrix of `kind` inside `s` (nullptr for S without raw scores).
Matrix *matrixIn(Scenario &s, MatrixKind kind, int head)
{
    switch (kind) {
    case MatrixKind::Query: return &s.query;
    case MatrixKind::Key: return &s.key;
    case MatrixKind::Value: return &s.value;
    case MatrixKind::Scores: break;
    }
    const std::size_t m = scoreMatrixFor(s, head);
    return m < s.scores.size() ? &s.scores[m] : nullptr;
}

TensorRole roleOf(MatrixKind kind)
{
    return kind == MatrixKind::Query ? TensorRole::Query
           : kind == MatrixKind::Key ? TensorRole::Key
                                     : TensorRole::Value;
}

} // namespace

QString matrixName(MatrixKind kind)
{
    return kind == MatrixKind::Scores ? QStringLiteral("S") : tensorName(roleOf(kind));
}

Matrix matrixValues(const ScenarioDocument &document, MatrixKind kind)
{
    if (kind != MatrixKind::Scores) return document.tensor(roleOf(kind));
    Scenario s = document.scenario();
    const int head = document.selectedHead();
    if (const Matrix *raw = s.scores.empty() ? nullptr : matrixIn(s, kind, head)) return *raw;
    const AttentionTrace &trace = document.trace();
    if (head >= 0 && head < static_cast<int>(trace.heads.size())) return trace.heads[head].logits;
    return {};
}

QStringList matrixColumnLabels(const ScenarioDocument &document, MatrixKind kind)
{
    const QString name = matrixName(kind);
    const Matrix values = matrixValues(document, kind);
    QStringList labels;
    if (kind == MatrixKind::Scores) {
        for (Index j = 0; j < values.cols(); ++j)
            labels << name + QLatin1Char(':') + document.keyLabel(static_cast<int>(j));
        return labels;
    }
    const TensorRole role = roleOf(kind);
    const int heads = document.headCount(role);
    const int width = std::max(1, document.headWidth(role));
    for (Index j = 0; j < values.cols(); ++j) {
        const int c = static_cast<int>(j);
        labels << (heads > 1 ? QStringLiteral("%1:h%2·%3").arg(name).arg(c / width).arg(c % width)
                             : QStringLiteral("%1:%2").arg(name).arg(c));
    }
    return labels;
}

bool isMatrixWritable(const ScenarioDocument &document, MatrixKind kind, QString *why)
{
    if (kind != MatrixKind::Scores || !document.scenario().scores.empty()) return true;
    if (why)
        *why = MatrixBlocks::tr(
            "S shows the logits computed from Q and K and cannot be written; click “Edit scores "
            "directly” first");
    return false;
}

bool writeMatrixBlock(ScenarioDocument &document, MatrixKind kind, int row, int column, const Matrix &block,
                      const QString &text, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error) *error = message;
        return false;
    };
    QString why;
    if (!isMatrixWritable(document, kind, &why)) return fail(why);
    Scenario edited = document.scenario();
    Matrix *target = matrixIn(edited, kind, document.selectedHead());
    if (!target) return fail(MatrixBlocks::tr("%1 has no values to write").arg(matrixName(kind)));
    if (block.size() == 0) return fail(MatrixBlocks::tr("there are no numbers"));
    if (row < 0 || column < 0 || row + block.rows() > target->rows() ||
        column + block.cols() > target->cols())
        return fail(MatrixBlocks::tr("a %1 block at row %2, column %3 does not fit %4, which is %5")
                        .arg(shapeText(block.rows(), block.cols()))
                        .arg(row + 1)
                        .arg(column + 1)
                        .arg(matrixName(kind), shapeText(target->rows(), target->cols())));
    if (!block.allFinite()) return fail(MatrixBlocks::tr("NaN and infinity cannot be computed"));
    auto region = target->block(row, column, block.rows(), block.cols());
    if (region == block) return true; // nothing changes: no empty step on the undo stack
    region = block;
    if (!document.replaceScenario(edited, text)) return fail(document.lastRefusal());
    return true;
}

bool pasteMatrixBlock(ScenarioDocument &document, MatrixKind kind, int row, int column, const Matrix &block,
                      QString *error)
{
    const QString text =
        MatrixBlocks::tr("Paste %1 into %2").arg(shapeText(block.rows(), block.cols()), matrixName(kind));
    return writeMatrixBlock(document, kind, row, column, block, text, error);
}

bool importMatrix(ScenarioDocument &document, MatrixKind kind, const Matrix &values, QString *error)
{
    const Matrix current = matrixValues(document, kind);
    if (values.rows() != current.rows() || values.cols() != current.cols()) {
        if (error)
            *error = MatrixBlocks::tr("the file holds a %1 matrix, but %2 is %3")
                         .arg(shapeText(values.rows(), values.cols()), matrixName(kind),
                              shapeText(current.rows(), current.cols()));
        return false;
    }
    return writeMatrixBlock(document, kind, 0, 0, values,
                            MatrixBlocks::tr("Import %1 from CSV").arg(matrixName(kind)), error);
}

} // namespace attn::doc
