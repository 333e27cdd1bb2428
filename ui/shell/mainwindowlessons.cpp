// The window's lesson start-up and progress: resuming the last step, resetting the progress.
#include "ui/shell/mainwindow.h"

#include "ui/lessons/lessonnavigator.h"

#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace attn::ui {

bool MainWindow::restoreLessonPosition()
{
    return m_navigator->restorePosition();
}

bool MainWindow::resumeLessons()
{
    return m_navigator->hasRememberedPosition() && m_navigator->restorePosition();
}

bool MainWindow::resetLessonProgress(bool ask)
{
    if (ask) {
        QMessageBox box(QMessageBox::Question, tr("Reset progress"),
                        tr("Forget the progress of every lesson: the steps done, your predictions and their "
                           "scores, and where you were? This cannot be undone."),
                        QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("resetProgressQuestion"));
        QPushButton *reset = box.addButton(tr("Reset progress"), QMessageBox::DestructiveRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() != reset) return false;
    }
    m_navigator->resetProgress();
    statusBar()->showMessage(tr("Lesson progress reset."), 5000);
    return true;
}

} // namespace attn::ui
