// A row of control groups that wraps: the groups side by side when the width allows, else one
// under another. Its minimum width is the widest group's, so a view holding it can be narrower
// (1280 × 720, presentation mode's fonts) without cutting a control.
#pragma once

#include <QWidget>

#include <vector>

class QBoxLayout;
class QHBoxLayout;

namespace attn::ui {

class WrapRow : public QWidget {
public:
    explicit WrapRow(QWidget *parent = nullptr);

    /// A new group at the end of the row, for the caller to fill; `stretch` as in QBoxLayout.
    QHBoxLayout *addGroup(int stretch = 0);

    /// Whether the groups stand side by side now.
    bool isOneLine() const;

    /// The width of the groups side by side: below it they go one under another.
    int oneLineWidth() const;

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    QBoxLayout *m_layout;
    std::vector<QWidget *> m_groups;
};

} // namespace attn::ui
