#include "ui/lessons/lessonnavigator.h"

#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/bilingual.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/lessons/lessonstage.h"
#include "ui/lessons/predictionpanel.h"
#include "ui/views/common/figureview.h"

#include <QAction>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::lessons {

namespace {

const QString kStatusMet =
    QStringLiteral("QLabel { background: #d5f5e3; color: #145a32; border: 1px solid #82e0aa; "
                   "border-radius: 4px; padding: 4px; }");
const QString kStatusOpen =
    QStringLiteral("QLabel { background: #f4f6f7; color: #34495e; border: 1px solid #d5d8dc; "
                   "border-radius: 4px; padding: 4px; }");
const QString kStatusDetached =
    QStringLiteral("QLabel { background: #fef5e7; color: #7a4b00; border: 1px solid #f8c471; "
                   "border-radius: 4px; padding: 4px; }");

QString doneKey(const QString &id)
{
    return QStringLiteral("lessons/done/%1").arg(id);
}

} // namespace

LessonNavigator::LessonNavigator(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("lessonNavigator"));
    connect(&ui::AppSettings::instance(), &ui::AppSettings::bilingualChanged, this,
            &LessonNavigator::updateStepWidgets);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setToolTip(tr("Click a lesson to open it where you left it"));

    m_lessonTitle = new QLabel(this);
    m_lessonTitle->setObjectName(QStringLiteral("lessonTitle"));
    m_lessonTitle->setWordWrap(true);
    QFont bold = m_lessonTitle->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_lessonTitle->setFont(bold);
    m_stepIndicator = new QLabel(this);
    m_stepIndicator->setObjectName(QStringLiteral("stepIndicator"));
    m_stepTitle = new QLabel(this);
    m_stepTitle->setObjectName(QStringLiteral("stepTitle"));
    m_stepTitle->setWordWrap(true);
    QFont stepFont = m_stepTitle->font();
    stepFont.setBold(true);
    m_stepTitle->setFont(stepFont);

    m_text = new LessonText(this);
    m_text->setObjectName(QStringLiteral("stepText"));
    m_text->setAccessibleName(tr("Step text"));
    m_text->setMinimumHeight(100); // a few lines of the text stay in sight above the boxes

    m_prediction = new PredictionPanel(this);
    connect(m_prediction, &PredictionPanel::revealRequested, this, &LessonNavigator::revealPrediction);
    connect(m_prediction, &PredictionPanel::predictAgainRequested, this, &LessonNavigator::predictAgain);

    auto *taskBox = new QGroupBox(tr("Your task"), this);
    m_taskBox = taskBox;
    m_taskDescription = new QLabel(taskBox);
    m_taskDescription->setObjectName(QStringLiteral("taskDescription"));
    m_taskDescription->setTextFormat(Qt::MarkdownText);
    m_taskDescription->setWordWrap(true);
    m_taskStatus = new QLabel(taskBox);
    m_taskStatus->setObjectName(QStringLiteral("taskStatus"));
    m_taskStatus->setWordWrap(true);
    m_taskStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hints = new QLabel(taskBox);
    m_hints->setObjectName(QStringLiteral("hints"));
    m_hints->setTextFormat(Qt::MarkdownText);
    m_hints->setWordWrap(true);
    m_hintButton = new QPushButton(taskBox);
    m_hintButton->setObjectName(QStringLiteral("hintButton"));
    connect(m_hintButton, &QPushButton::clicked, this, &LessonNavigator::showNextHint);
    auto *taskLayout = new QVBoxLayout(taskBox);
    taskLayout->addWidget(m_taskDescription);
    taskLayout->addWidget(m_taskStatus);
    taskLayout->addWidget(m_hints);
    taskLayout->addWidget(m_hintButton, 0, Qt::AlignLeft);

    m_backButton = new QPushButton(tr("‹ Back"), this);
    m_backButton->setObjectName(QStringLiteral("backButton"));
    m_backButton->setToolTip(tr("Previous step (PgUp, Ctrl+←)"));
    m_restartButton = new QPushButton(tr("Restart step"), this);
    m_restartButton->setObjectName(QStringLiteral("restartButton"));
    m_restartButton->setToolTip(tr("Load this step's scenario again, dropping your edits"));
    m_nextButton = new QPushButton(tr("Next ›"), this);
    m_nextButton->setObjectName(QStringLiteral("nextButton"));
    m_nextButton->setToolTip(tr("Next step (PgDn, Ctrl+→)"));
    connect(m_backButton, &QPushButton::clicked, this, &LessonNavigator::back);
    connect(m_nextButton, &QPushButton::clicked, this, &LessonNavigator::next);
    connect(m_restartButton, &QPushButton::clicked, this, &LessonNavigator::restartStep);

    m_nextAction = new QAction(tr("&Next step"), this);
    m_nextAction->setShortcuts({QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Right)});
    m_backAction = new QAction(tr("&Previous step"), this);
    m_backAction->setShortcuts({QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::CTRL | Qt::Key_Left)});
    connect(m_nextAction, &QAction::triggered, this, &LessonNavigator::next);
    connect(m_backAction, &QAction::triggered, this, &LessonNavigator::back);
    addAction(m_nextAction);
    addAction(m_backAction);

    auto *stepPanel = new QWidget(this);
    auto *stepLayout = new QVBoxLayout(stepPanel);
    stepLayout->setContentsMargins(0, 0, 0, 0);
    auto *header = new QHBoxLayout;
    header->addWidget(m_lessonTitle, 1);
    header->addWidget(m_stepIndicator, 0, Qt::AlignTop);
    stepLayout->addLayout(header);
    stepLayout->addWidget(m_stepTitle);
    stepLayout->addWidget(m_text, 1);
    stepLayout->addWidget(m_prediction);
    stepLayout->addWidget(taskBox);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_backButton);
    buttons->addStretch(1);
    buttons->addWidget(m_restartButton);
    buttons->addStretch(1);
    buttons->addWidget(m_nextButton);
    stepLayout->addLayout(buttons);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    // A step with a prediction, its result and a task can be taller than a 720-pixel screen's
    // dock: then the step scrolls instead of clipping its lower boxes.
    auto *stepScroll = new QScrollArea(this);
    stepScroll->setObjectName(QStringLiteral("stepScroll"));
    stepScroll->setAccessibleName(tr("Lesson step"));
    stepScroll->setWidget(stepPanel);
    stepScroll->setWidgetResizable(true);
    stepScroll->setFrameShape(QFrame::NoFrame);
    stepScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    splitter->addWidget(stepScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    // A click on another lesson opens it where the learner left it; a click on the lesson shown
    // does nothing (it must not drop the learner's edits).
    const auto choose = [this](QListWidgetItem *item) {
        const QString id = item->data(Qt::UserRole).toString();
        if (id.isEmpty() || (currentLesson() && currentLesson()->id == id && m_attached)) return;
        const int index = m_library.indexOf(id);
        const int count = static_cast<int>(m_library.lessons[static_cast<std::size_t>(index)].steps.size());
        const int remembered = settings()->value(QStringLiteral("lessons/step/%1").arg(id), 0).toInt();
        if (!openStep(index, remembered >= 0 && remembered < count ? remembered : 0)) {
            // Cancelled: the list shows the lesson that is still open.
            const QSignalBlocker block(m_list);
            m_list->setCurrentRow(m_lesson);
        }
    };
    connect(m_list, &QListWidget::itemClicked, this, choose);
    connect(m_list, &QListWidget::itemActivated, this, choose);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, &LessonNavigator::evaluateTask);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, &LessonNavigator::evaluateTask);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, &LessonNavigator::evaluateTask);
    updateStepWidgets();
}

LessonNavigator::~LessonNavigator() = default;

std::unique_ptr<QSettings> LessonNavigator::settings() const
{
    if (!m_settingsFile.isEmpty()) return std::make_unique<QSettings>(m_settingsFile, QSettings::IniFormat);
    return std::make_unique<QSettings>();
}

void LessonNavigator::setSettingsFile(const QString &path)
{
    m_settingsFile = path;
    updateList();
}

void LessonNavigator::setLibrary(LessonLibrary library)
{
    m_library = std::move(library);
    m_lesson = -1;
    m_step = -1;
    m_attached = false;
    m_taskMet = false;
    updateList();
    updateStepWidgets();
}

const Lesson *LessonNavigator::currentLesson() const
{
    if (m_lesson < 0 || m_lesson >= static_cast<int>(m_library.lessons.size())) return nullptr;
    return &m_library.lessons[static_cast<std::size_t>(m_lesson)];
}

const LessonStep *LessonNavigator::currentStepData() const
{
    const Lesson *lesson = currentLesson();
    if (!lesson || m_step < 0 || m_step >= static_cast<int>(lesson->steps.size())) return nullptr;
    return &lesson->steps[static_cast<std::size_t>(m_step)];
}

bool LessonNavigator::openLesson(const QString &id, int step)
{
    const int index = m_library.indexOf(id);
    if (index < 0) return false;
    const int count = static_cast<int>(m_library.lessons[static_cast<std::size_t>(index)].steps.size());
    if (step < 0 || step >= count) return false;
    return openStep(index, step);
}

bool LessonNavigator::restorePosition()
{
    if (m_library.lessons.empty()) return false;
    const auto s = settings();
    const QString id = s->value(QStringLiteral("lessons/current/id")).toString();
    const int step = s->value(QStringLiteral("lessons/current/step"), 0).toInt();
    const int index = m_library.indexOf(id);
    if (index < 0) return openStep(0, 0);
    const int count = static_cast<int>(m_library.lessons[static_cast<std::size_t>(index)].steps.size());
    return openStep(index, step >= 0 && step < count ? step : 0);
}

bool LessonNavigator::hasRememberedPosition() const
{
    return m_library.indexOf(settings()->value(QStringLiteral("lessons/current/id")).toString()) >= 0;
}

void LessonNavigator::resetProgress()
{
    settings()->remove(QStringLiteral("lessons"));
    if (currentLesson() && m_attached) {
        openStep(m_lesson, m_step); // its prediction asked again, its task unchecked
        return;
    }
    updateList();
}

bool LessonNavigator::next()
{
    const Lesson *lesson = currentLesson();
    if (!lesson) return false;
    if (m_step + 1 < static_cast<int>(lesson->steps.size())) return openStep(m_lesson, m_step + 1);
    if (m_lesson + 1 < static_cast<int>(m_library.lessons.size())) return openStep(m_lesson + 1, 0);
    return false;
}

bool LessonNavigator::back()
{
    if (!currentLesson()) return false;
    if (m_step > 0) return openStep(m_lesson, m_step - 1);
    if (m_lesson > 0) {
        const int previous = m_lesson - 1;
        return openStep(previous,
                        static_cast<int>(m_library.lessons[static_cast<std::size_t>(previous)].steps.size()) -
                            1);
    }
    return false;
}

void LessonNavigator::restartStep()
{
    if (currentLesson()) openStep(m_lesson, m_step);
}

bool LessonNavigator::openStep(int lesson, int step)
{
    // Leaving a lesson step drops its edits without asking (they are exercises); leaving the
    // user's own scenario is the guard's decision.
    if (!m_attached && m_leaveGuard && !m_leaveGuard()) return false;
    const bool sameStep = lesson == m_lesson && step == m_step;
    m_lesson = lesson;
    m_step = step;
    if (!sameStep) m_hintsShown = 0;
    m_taskMet = false;
    const Lesson &l = m_library.lessons[static_cast<std::size_t>(lesson)];
    const LessonStep &s = l.steps[static_cast<std::size_t>(step)];
    {
        const auto store = settings();
        store->setValue(QStringLiteral("lessons/current/id"), l.id);
        store->setValue(QStringLiteral("lessons/current/step"), step);
        store->setValue(QStringLiteral("lessons/step/%1").arg(l.id), step);
    }
    // Not attached while loading: the checks run once, after the load is complete.
    m_attached = false;
    QString error;
    const bool loaded = loadStep(s, *m_document, &error);
    m_attached = loaded;
    updateStepWidgets();
    updatePrediction();
    if (!loaded) {
        m_taskStatus->setStyleSheet(kStatusDetached);
        m_taskStatus->setText(tr("This step's scenario cannot be computed: %1").arg(error));
        m_taskBox->setVisible(true);
    }
    if (!s.task && !isPredictionPending() && loaded) markDone(lesson, step);
    noteUntouched();
    evaluateTask();
    {
        const QSignalBlocker block(m_list);
        for (int row = 0; row < m_list->count(); ++row)
            if (m_list->item(row)->data(Qt::UserRole).toString() == l.id) {
                m_list->setCurrentRow(row);
                // Keep the lessons before and after in sight, not the current one at an edge.
                m_list->scrollToItem(m_list->item(row), QAbstractItemView::PositionAtCenter);
            }
    }
    emit stepActivated();
    emit predictionStateChanged();
    return true;
}

void LessonNavigator::setActiveView(ui::FigureView *view)
{
    disconnect(m_activeViewConnection);
    m_activeView = view;
    if (view)
        m_activeViewConnection =
            connect(view, &ui::FigureView::taskValuesChanged, this, &LessonNavigator::evaluateTask);
    // The window sets the step's view right after the step opened and the view was reset.
    noteUntouched();
    evaluateTask();
}

void LessonNavigator::noteUntouched()
{
    m_untouched.clear();
    const LessonStep *step = currentStepData();
    if (!step || !step->task || !m_attached || !m_document->traceIsCurrent()) return;
    m_untouched = heldStatuses(step->task->check, checkContext());
}

void LessonNavigator::detach()
{
    if (!m_attached) return;
    m_attached = false;
    evaluateTask();
    emit predictionStateChanged();
}

CheckContext LessonNavigator::checkContext() const
{
    return {&m_document->trace(),
            m_document->traceQueryLabels(),
            m_document->traceKeyLabels(),
            m_document->selectedQuery(),
            m_activeView ? m_activeView->currentTaskValues() : QMap<QString, double>(),
            m_untouched};
}

void LessonNavigator::evaluateTask()
{
    if (m_attached && !m_outcomeShown) showPredictionOutcome();
    const LessonStep *step = currentStepData();
    if (!step || !step->task) return;
    if (!m_attached) {
        m_taskMet = false;
        m_taskStatus->setStyleSheet(kStatusDetached);
        m_taskStatus->setText(tr("The window shows another scenario now. Press “Restart step” to return to "
                                 "this step and check the task."));
        return;
    }
    if (!m_document->traceIsCurrent()) {
        m_taskMet = false;
        m_taskStatus->setStyleSheet(kStatusOpen);
        m_taskStatus->setText(tr("Not checked: %1").arg(m_document->lastError()));
        return;
    }
    if (isPredictionPending()) {
        m_taskMet = false;
        m_taskStatus->setStyleSheet(kStatusOpen);
        m_taskStatus->setText(
            tr("Make your prediction first: the task is checked once the weights are revealed."));
        return;
    }
    const CheckResult result = evaluateCheck(step->task->check, checkContext());
    m_taskMet = result.met;
    m_taskStatus->setStyleSheet(result.met ? kStatusMet : kStatusOpen);
    m_taskStatus->setText((result.met ? tr("✓ Done — %1") : tr("Not yet — %1")).arg(result.status));
    if (result.met) markDone(m_lesson, m_step);
}

void LessonNavigator::markDone(int lesson, int step)
{
    const QString id = m_library.lessons[static_cast<std::size_t>(lesson)].id;
    if (isStepDone(id, step)) return;
    const auto store = settings();
    QStringList done = store->value(doneKey(id)).toStringList();
    done << QString::number(step + 1);
    store->setValue(doneKey(id), done);
    updateList();
}

bool LessonNavigator::isStepDone(const QString &id, int step) const
{
    return settings()->value(doneKey(id)).toStringList().contains(QString::number(step + 1));
}

QString LessonNavigator::progressMark(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_library.lessons.size())) return {};
    const Lesson &lesson = m_library.lessons[static_cast<std::size_t>(index)];
    const QStringList done = settings()->value(doneKey(lesson.id)).toStringList();
    int count = 0;
    for (int step = 0; step < static_cast<int>(lesson.steps.size()); ++step)
        if (done.contains(QString::number(step + 1))) ++count;
    if (count == 0) return QStringLiteral("○");
    return count == static_cast<int>(lesson.steps.size()) ? QStringLiteral("✓") : QStringLiteral("◐");
}

void LessonNavigator::updateList()
{
    const QSignalBlocker block(m_list);
    const QString current = currentLesson() ? currentLesson()->id : QString();
    m_list->clear();
    for (int i = 0; i < static_cast<int>(m_library.lessons.size()); ++i) {
        const Lesson &lesson = m_library.lessons[static_cast<std::size_t>(i)];
        auto *item = new QListWidgetItem(
            QStringLiteral("%1  %2  %3").arg(progressMark(i), lesson.id.left(2), lesson.title), m_list);
        item->setData(Qt::UserRole, lesson.id);
        item->setToolTip(lesson.summary.isEmpty() ? lesson.title : lesson.summary);
        if (lesson.id == current) m_list->setCurrentItem(item);
    }
    for (const QString &file : m_library.brokenFiles) {
        QStringList problems;
        for (const LessonProblem &p : m_library.problems)
            if (p.file == file) problems << p.toString();
        auto *item = new QListWidgetItem(
            tr("⚠  %1 — not loaded (%n problem(s))", nullptr, static_cast<int>(problems.size()))
                .arg(QFileInfo(file).fileName()),
            m_list);
        item->setFlags(Qt::ItemIsEnabled);
        item->setForeground(QColor(0xa0, 0x40, 0x00));
        item->setToolTip(problems.join(QLatin1Char('\n')));
    }
}

void LessonNavigator::updateStepWidgets()
{
    const Lesson *lesson = currentLesson();
    const LessonStep *step = currentStepData();
    if (!lesson || !step) {
        m_lessonTitle->setText(m_library.lessons.empty() ? tr("No lessons") : tr("Choose a lesson above"));
        m_stepIndicator->clear();
        m_stepTitle->clear();
        m_text->clear();
        m_taskBox->setVisible(false);
        m_prediction->setVisible(false);
        m_backButton->setEnabled(false);
        m_nextButton->setEnabled(false);
        m_restartButton->setEnabled(false);
        m_nextAction->setEnabled(false);
        m_backAction->setEnabled(false);
        return;
    }
    const bool both = ui::AppSettings::instance().bilingual(); // the English under the translation
    m_lessonTitle->setText(tr("Lesson %1 · %2")
                               .arg(lesson->id.left(2).toInt())
                               .arg(withEnglish(lesson->title, lesson->englishTitle, both, false)));
    m_stepIndicator->setText(stepIndicatorText());
    m_stepTitle->setText(withEnglish(step->title, step->englishTitle, both, false));
    m_text->showMarkdown(bilingualStepText(*step, both), QFileInfo(lesson->sourcePath).path());
    m_taskBox->setVisible(step->task.has_value());
    m_taskDescription->setText(step->task ? withEnglish(step->task->description, step->englishTask, both)
                                          : QString());
    m_hints->setText(hintsText());
    m_hints->setVisible(m_hintsShown > 0);
    m_hintButton->setVisible(!step->hints.isEmpty());
    const bool spoilerGuard = lesson->noSpoilers && isPredictionPending();
    m_hintButton->setEnabled(m_hintsShown < step->hints.size() && !spoilerGuard);
    m_hintButton->setText(spoilerGuard ? tr("Hints open after your prediction")
                          : m_hintsShown < step->hints.size()
                              ? tr("Show a hint (%1 of %2)").arg(m_hintsShown + 1).arg(step->hints.size())
                              : tr("No more hints"));
    const bool atStart = m_lesson == 0 && m_step == 0;
    const bool atEnd = m_lesson + 1 == static_cast<int>(m_library.lessons.size()) &&
                       m_step + 1 == static_cast<int>(lesson->steps.size());
    const bool lastStep = m_step + 1 == static_cast<int>(lesson->steps.size());
    m_backButton->setEnabled(!atStart);
    m_backAction->setEnabled(!atStart);
    m_nextButton->setEnabled(!atEnd);
    m_nextAction->setEnabled(!atEnd);
    m_nextButton->setText(lastStep && !atEnd ? tr("Next lesson ›") : tr("Next ›"));
    m_restartButton->setEnabled(true);
}

QString LessonNavigator::stepIndicatorText() const
{
    const Lesson *lesson = currentLesson();
    if (!lesson) return {};
    return tr("Step %1 of %2").arg(m_step + 1).arg(lesson->steps.size());
}

QString LessonNavigator::taskStatusText() const
{
    return m_taskStatus->text();
}

bool LessonNavigator::showNextHint()
{
    const LessonStep *step = currentStepData();
    if (!step || m_hintsShown >= step->hints.size()) return false;
    if (currentLesson()->noSpoilers && isPredictionPending()) return false;
    ++m_hintsShown;
    updateStepWidgets();
    return true;
}

QString LessonNavigator::hintsText() const
{
    const LessonStep *step = currentStepData();
    if (!step) return {};
    QStringList shown;
    for (int i = 0; i < std::min<int>(m_hintsShown, static_cast<int>(step->hints.size())); ++i) {
        // A hard line break (two spaces) puts the English on a line of its own in the same hint.
        const QString english = step->englishHints.value(i);
        const QString hint = ui::AppSettings::instance().bilingual() && !english.isEmpty()
                                 ? step->hints[i] + QStringLiteral("  \n") + english
                                 : step->hints[i];
        shown << tr("**Hint %1.** %2").arg(i + 1).arg(hint);
    }
    return shown.join(QStringLiteral("\n\n"));
}

} // namespace attn::lessons
