// Keeps the dependency rule true: nothing under core/ includes a Qt or QCustomPlot header.
#include "strictwarnings.h"
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TestNoQt : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void coreIncludesNoQt();
    void detectorFindsQtIncludes_data();
    void detectorFindsQtIncludes();
};

namespace {

const QRegularExpression &qtInclude()
{
    static const QRegularExpression re(
        R"(^\s*#\s*include\s*[<"](Q[A-Za-z0-9_]*|Qt[A-Za-z0-9_]*/[^>"]*|qcustomplot\.h|q[a-z]+\.h)[>"])",
        QRegularExpression::MultilineOption);
    return re;
}

} // namespace

void TestNoQt::coreIncludesNoQt()
{
    const QString core = QStringLiteral(ATTN_SOURCE_DIR "/core");
    QDirIterator it(core, {"*.h", "*.hpp", "*.cpp", "*.cc", "*.inl"}, QDir::Files,
                    QDirIterator::Subdirectories);
    int files = 0;
    QStringList offenders;
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QString text = QString::fromUtf8(f.readAll());
        auto m = qtInclude().match(text);
        if (m.hasMatch()) offenders << path + ": " + m.captured(0).trimmed();
        ++files;
    }
    QVERIFY2(files >= 5, "core/ sources not found");
    QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
}

void TestNoQt::detectorFindsQtIncludes_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("isQt");
    QTest::addRow("QString") << "#include <QString>" << true;
    QTest::addRow("QtCore/qglobal.h") << "#include <QtCore/qglobal.h>" << true;
    QTest::addRow("qcustomplot") << "#include \"qcustomplot.h\"" << true;
    QTest::addRow("qglobal.h") << "  #  include <qglobal.h>" << true;
    QTest::addRow("Eigen") << "#include <Eigen/Core>" << false;
    QTest::addRow("own header") << "#include \"core/attention.h\"" << false;
    QTest::addRow("std") << "#include <vector>" << false;
}

void TestNoQt::detectorFindsQtIncludes()
{
    QFETCH(QString, line);
    QFETCH(bool, isQt);
    QCOMPARE(qtInclude().match(line).hasMatch(), isQt);
}

QTEST_APPLESS_MAIN(TestNoQt)
#include "tst_noqt.moc"
