// The cover over a view's weights while a lesson step waits for the learner's prediction.
#pragma once

#include <QPointer>
#include <QWidget>

namespace attn::lessons {

/// An opaque panel laid over one widget (a figure view, or the Q/K/V editor's plots) that says
/// "Make your prediction first". It follows the widget's size and stays on top of it.
class PredictionCover : public QWidget {
    Q_OBJECT

public:
    explicit PredictionCover(QWidget *parent = nullptr);

    /// Covers `target` (nullptr: hides the cover).
    void cover(QWidget *target);
    /// The widget covered now, or nullptr.
    QWidget *target() const { return m_target; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    QPointer<QWidget> m_target;
};

} // namespace attn::lessons
