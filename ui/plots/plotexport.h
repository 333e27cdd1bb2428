// Writing a QCustomPlot to a file: the one export routine of every plot.
#pragma once

class QCustomPlot;
class QSize;
class QString;

namespace attn::ui {

/// Writes `plot` to `path` as "png", "svg" or "pdf" at exactly `size` pixels (points for PDF),
/// after deselecting everything. Returns false and sets *error (if given) to one sentence when
/// the format is unknown, the size is empty or the file cannot be written.
bool exportPlot(QCustomPlot *plot, const QString &path, const QString &format, QSize size, QString *error);

/// The formats exportPlot accepts: "png", "svg", "pdf".
bool isExportFormat(const QString &format);

} // namespace attn::ui
