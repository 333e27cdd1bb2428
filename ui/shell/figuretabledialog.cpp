#include "ui/shell/figuretabledialog.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace attn::ui {

FigureTableDialog::FigureTableDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("figureTableDialog"));
    setWindowTitle(tr("Figure as a table"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("figureTableTabs"));
    m_tabs->setAccessibleName(tr("Tables of the figure"));
    m_empty = new QLabel(tr("This figure has no table of numbers."), this);
    m_empty->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy table"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyTableButton"));
    copy->setToolTip(tr("Copy the table shown as tab-separated text (pastes into a spreadsheet)"));
    connect(copy, &QPushButton::clicked, this, &FigureTableDialog::copyCurrent);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *copyKey = new QAction(this);
    copyKey->setShortcut(QKeySequence::Copy);
    connect(copyKey, &QAction::triggered, this, &FigureTableDialog::copyCurrent);
    addAction(copyKey);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_empty);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(720, 480);
}

void FigureTableDialog::setTables(const QList<FigureTable> &tables)
{
    m_tables = tables;
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete page;
    }
    for (const FigureTable &t : tables) {
        auto *table = new QTableWidget(t.rowCount(), t.columnCount(), m_tabs);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setHorizontalHeaderLabels(t.columnHeaders);
        table->setVerticalHeaderLabels(t.rowHeaders);
        table->setAccessibleName(t.caption.isEmpty() ? tr("Table") : t.caption);
        table->setAccessibleDescription(t.corner);
        table->setToolTip(t.corner);
        for (int r = 0; r < t.rowCount(); ++r)
            for (int c = 0; c < t.columnCount(); ++c) {
                auto *item = new QTableWidgetItem(t.cells[r].value(c));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                table->setItem(r, c, item);
            }
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        m_tabs->addTab(table, t.caption.isEmpty() ? tr("Table %1").arg(m_tabs->count() + 1) : t.caption);
    }
    m_tabs->setVisible(!tables.isEmpty());
    m_empty->setVisible(tables.isEmpty());
}

void FigureTableDialog::copyCurrent() const
{
    const int index = m_tabs->currentIndex();
    if (index < 0 || index >= m_tables.size()) return;
    QApplication::clipboard()->setText(m_tables[index].toTsv());
}

} // namespace attn::ui
