// A table a lesson step locks: it looks locked (a padlock beside its title, the window's colour
// behind its cells, the reason as its tooltip) and says why when the learner types into it.
#pragma once

#include <QObject>
#include <QPixmap>
#include <QString>

class QLabel;
class QTableView;

namespace attn::ui {

/// A small padlock drawn in `color`, `size` × `size` device-independent pixels (no font has one
/// on every machine).
QPixmap lockPixmap(int size, const QColor &color, qreal devicePixelRatio);

/// Watches `table` (and its viewport) while a reason is set: a key that would type or open an
/// editor (a printable key, F2, Enter, Delete, Backspace) and a double click are swallowed and
/// reported through refused(reason). `icon` (shown only while locked) is a child of the
/// table's title label, drawn left of its text. Neither is owned.
class TableLock : public QObject {
    Q_OBJECT

public:
    TableLock(QTableView *table, QLabel *icon, QObject *parent);

    /// Locks the table with `reason` (the tooltip and the message when typed into), or unlocks
    /// it for an empty reason. `otherwiseEditable` is whether the table may be edited when not
    /// locked (Q, K and V are read-only products with learned projections).
    void setReason(const QString &reason, bool otherwiseEditable);
    QString reason() const { return m_reason; }
    bool isLocked() const { return !m_reason.isEmpty(); }

signals:
    void refused(const QString &reason);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *m_table;
    QLabel *m_icon;
    QString m_reason;
    QString m_unlockedToolTip; ///< the table's tooltip before it was locked
};

} // namespace attn::ui
