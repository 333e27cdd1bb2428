// Figure export of the presets, headless: what `attention-lab export` writes.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/plots/figureexport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

class TestFigureExport : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void presetsLoad();
    void unknownPresetIsAnError();
    void writesBothFiguresOfEveryPreset_data();
    void writesBothFiguresOfEveryPreset();
    void createsTheFolder();
    void refusesAnUnknownFormat();
};

void TestFigureExport::presetsLoad()
{
    QCOMPARE(attn::ui::presetIds(), (QStringList{QStringLiteral("worked-example"), QStringLiteral("xiaohong"),
                                                 QStringLiteral("xiaohong-zh")}));
    const attn::Scenario worked = attn::ui::loadPresetScenario(QStringLiteral("worked-example"));
    QCOMPARE(worked.query.rows(), attn::Index(1));
    QCOMPARE(worked.key.rows(), attn::Index(2));
    const attn::Scenario xiaohong = attn::ui::loadPresetScenario(QStringLiteral("xiaohong"));
    QCOMPARE(xiaohong.query.rows(), attn::Index(8));
    QCOMPARE(attn::ui::presetFocusQuery(QStringLiteral("xiaohong"), xiaohong), 4); // "she"
    QCOMPARE(attn::ui::presetFocusQuery(QStringLiteral("worked-example"), worked), 0);
    QCOMPARE(attn::ui::presetTitle(QStringLiteral("worked-example")), QStringLiteral("Worked example"));
}

void TestFigureExport::unknownPresetIsAnError()
{
    QVERIFY_THROWS_EXCEPTION(attn::ScenarioError, attn::ui::loadPresetScenario(QStringLiteral("nope")));
    QTemporaryDir dir;
    QString error;
    QVERIFY(!attn::ui::exportPresetFigures(QStringLiteral("nope"), dir.path(), QStringLiteral("png"),
                                           QSize(100, 100), nullptr, &error));
    QVERIFY2(error.contains(QStringLiteral("nope")), qPrintable(error));
}

void TestFigureExport::writesBothFiguresOfEveryPreset_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("format");
    for (const QString &preset : attn::ui::presetIds())
        for (const char *format : {"png", "svg", "pdf"})
            QTest::addRow("%s %s", qPrintable(preset), format) << preset << QString::fromLatin1(format);
}

void TestFigureExport::writesBothFiguresOfEveryPreset()
{
    QFETCH(QString, preset);
    QFETCH(QString, format);
    QTemporaryDir dir;
    QStringList written;
    QString error;
    const QSize size(800, 600);
    QVERIFY2(attn::ui::exportPresetFigures(preset, dir.path(), format, size, &written, &error),
             qPrintable(error));
    const QStringList expected{dir.filePath(preset + QStringLiteral("-weights.") + format),
                               dir.filePath(preset + QStringLiteral("-bars.") + format)};
    QCOMPARE(written, expected);
    for (const QString &path : written) {
        const QString problem = attn::test::checkFigureFile(path, format, size);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

void TestFigureExport::createsTheFolder()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("figures/lesson3"));
    QStringList written;
    QString error;
    QVERIFY2(attn::ui::exportPresetFigures(QStringLiteral("worked-example"), out, QStringLiteral("png"),
                                           QSize(300, 200), &written, &error),
             qPrintable(error));
    QCOMPARE(written.size(), 2);
    QVERIFY(QDir(out).exists());
}

void TestFigureExport::refusesAnUnknownFormat()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!attn::ui::exportPresetFigures(QStringLiteral("worked-example"), dir.path(),
                                           QStringLiteral("gif"), QSize(300, 200), nullptr, &error));
    QVERIFY2(error.contains(QStringLiteral("gif")), qPrintable(error));
    QVERIFY(QDir(dir.path()).isEmpty());
}

QTEST_MAIN(TestFigureExport)
#include "tst_figureexport.moc"
