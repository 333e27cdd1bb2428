#include "ui/workspace/preferencesdialog.h"

#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/workspace/appearance.h"
#include "ui/workspace/workspacehost.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSpinBox>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

namespace attn::ui {

PreferencesDialog::PreferencesDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    auto *form = new QFormLayout;

    m_colorMap = new QComboBox(this);
    m_colorMap->setObjectName(QStringLiteral("colorMapBox"));
    m_colorMap->addItem(tr("viridis"), AppSettings::colorMapName(ColorMapKind::Viridis));
    m_colorMap->addItem(tr("cividis (colour-blind safe)"), AppSettings::colorMapName(ColorMapKind::Cividis));
    m_colorMap->setToolTip(tr("The colour map of every heatmap and weight cell"));
    form->addRow(tr("&Colour map:"), m_colorMap);

    m_decimals = new QSpinBox(this);
    m_decimals->setObjectName(QStringLiteral("decimalsBox"));
    m_decimals->setRange(AppSettings::kMinDecimals, AppSettings::kMaxDecimals);
    m_decimals->setToolTip(tr("Decimals shown in cells and labels; tooltips always show the exact value"));
    form->addRow(tr("&Decimals shown:"), m_decimals);

    m_presentation = new QCheckBox(tr("Large fonts for a projector"), this);
    m_presentation->setObjectName(QStringLiteral("presentationBox"));
    m_presentation->setToolTip(
        tr("Shows the interface at 1.5× its font size; exported figures keep their look"));
    form->addRow(tr("&Presentation mode:"), m_presentation);

    m_theme = new QComboBox(this);
    m_theme->setObjectName(QStringLiteral("themeBox"));
    m_theme->addItem(tr("Follow the system"), static_cast<int>(ThemeChoice::System));
    m_theme->addItem(tr("Light"), static_cast<int>(ThemeChoice::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(ThemeChoice::Dark));
    m_theme->addItem(tr("High contrast"), static_cast<int>(ThemeChoice::HighContrast));
    form->addRow(tr("&Theme:"), m_theme);

    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageBox"));
    m_language->addItem(tr("System"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("中文(简体)"), QStringLiteral("zh_CN"));
    form->addRow(tr("&Language:"), m_language);
    auto *languageNote = new QLabel(tr("The language changes at the next start of Attention Lab."), this);
    languageNote->setWordWrap(true);
    form->addRow(QString(), languageNote);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    showSettings();
    AppSettings &settings = AppSettings::instance();
    connect(&settings, &AppSettings::changed, this, &PreferencesDialog::showSettings);
    connect(m_colorMap, &QComboBox::activated, this, [this] {
        AppSettings::instance().setColorMap(
            AppSettings::colorMapFromName(m_colorMap->currentData().toString()));
    });
    connect(m_decimals, &QSpinBox::valueChanged, this,
            [](int decimals) { AppSettings::instance().setDecimals(decimals); });
    connect(m_presentation, &QCheckBox::toggled, this,
            [](bool on) { AppSettings::instance().setPresentationMode(on); });
    connect(m_theme, &QComboBox::activated, this, [this] {
        AppSettings::instance().setTheme(static_cast<ThemeChoice>(m_theme->currentData().toInt()));
    });
    connect(m_language, &QComboBox::activated, this,
            [this] { AppSettings::instance().setLanguage(m_language->currentData().toString()); });
}

void PreferencesDialog::showSettings()
{
    const AppSettings &settings = AppSettings::instance();
    const QSignalBlocker b1(m_colorMap), b2(m_decimals), b3(m_presentation), b4(m_theme), b5(m_language);
    m_colorMap->setCurrentIndex(m_colorMap->findData(AppSettings::colorMapName(settings.colorMap())));
    m_decimals->setValue(settings.decimals());
    m_presentation->setChecked(settings.presentationMode());
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(settings.theme())));
    m_language->setCurrentIndex(qMax(0, m_language->findData(settings.language())));
}

void addPreferencesActions(WorkspaceHost *host)
{
    QMainWindow *window = host->hostWindow();
    Appearance::install();

    auto *history = new QAction(PreferencesDialog::tr("Undo &history"), window);
    history->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    history->setObjectName(QStringLiteral("undoHistoryAction"));
    history->setStatusTip(PreferencesDialog::tr("List every edit; click one to go back to it"));
    QObject::connect(history, &QAction::triggered, window, [window, host] {
        auto *view = window->findChild<QUndoView *>(QStringLiteral("undoHistory"));
        if (!view) {
            view = new QUndoView(host->document()->undoStack(), window);
            view->setObjectName(QStringLiteral("undoHistory"));
            view->setWindowFlag(Qt::Tool);
            view->setWindowTitle(PreferencesDialog::tr("Undo history"));
            view->setEmptyLabel(PreferencesDialog::tr("<the scenario as loaded>"));
            view->resize(320, 420);
        }
        view->show();
        view->raise();
    });

    auto *preferences = new QAction(PreferencesDialog::tr("&Preferences…"), window);
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setShortcut(QKeySequence(QKeySequence::Preferences).isEmpty()
                                 ? QKeySequence(Qt::CTRL | Qt::Key_Comma)
                                 : QKeySequence(QKeySequence::Preferences));
    preferences->setStatusTip(
        PreferencesDialog::tr("Colour map, decimals, presentation mode, theme and language"));
    QObject::connect(preferences, &QAction::triggered, window, [window] {
        auto *dialog = window->findChild<PreferencesDialog *>();
        if (!dialog) dialog = new PreferencesDialog(window);
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    host->addMenuActions(MenuSlot::EditSettings, {history, preferences});
}

} // namespace attn::ui
