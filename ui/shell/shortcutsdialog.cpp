#include "ui/shell/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

QString plain(QString text)
{
    text.remove(QLatin1Char('&'));
    return text;
}

void addMenu(QList<QStringList> &rows, const QMenu *menu, const QString &path)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible()) continue;
        if (action->menu()) {
            addMenu(rows, action->menu(), path + QStringLiteral(" → ") + plain(action->text()));
            continue;
        }
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
        rows << QStringList{path, plain(action->text()), keys.join(QStringLiteral(", "))};
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table = new QTableWidget(0, 3, this);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Shortcut")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // The actions take the spare width and wrap; the menu and the keys keep their own, so the
    // shortcut column is always in sight.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(760, 560);
}

void ShortcutsDialog::setActions(const QMenuBar *bar)
{
    m_rows.clear();
    for (QAction *action : bar->actions())
        if (action->menu()) addMenu(m_rows, action->menu(), plain(action->text()));
    const QString figure = tr("Heatmaps, grids and the sentence arcs");
    m_rows << QStringList{figure, tr("Move between cells"), tr("Arrow keys")}
           << QStringList{figure, tr("First or last key of the row"), tr("Home, End")}
           << QStringList{figure, tr("First or last cell"), tr("Ctrl+Home, Ctrl+End")}
           << QStringList{figure, tr("Select the query of the cell (mask editor: mask or unmask the cell)"),
                          tr("Enter")}
           << QStringList{tr("Mask editor"), tr("Mask or unmask the cell"), tr("Space")}
           << QStringList{tr("Training lab"),
                          tr("Play or pause (when the focused control has no use for it)"), tr("Space")}
           << QStringList{tr("RNN encoder–decoder"),
                          tr("Train or pause (when the focused control has no use for it)"), tr("Space")}
           << QStringList{tr("Window"), tr("Next or previous control"), tr("Tab, Shift+Tab")}
           << QStringList{tr("Window"), tr("Leave figure only (View → Figure only)"), tr("Esc, F11")};
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    for (int r = 0; r < m_rows.size(); ++r)
        for (int c = 0; c < 3; ++c) m_table->setItem(r, c, new QTableWidgetItem(m_rows[r].value(c)));
    m_table->resizeRowsToContents();
}

} // namespace attn::ui
