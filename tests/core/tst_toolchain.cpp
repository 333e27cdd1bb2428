// The compiler with the project's own flags builds constant data as written. GCC 12 targeting
// AVX-512 (-march=native on such a machine) with straight-line vectorisation built
// std::vector<double>{0.5, 0.5, 0, 0} as {0.5, 0.5, 0.5, 0.5}; CMakeLists.txt turns that
// vectorisation off for GCC before 13. Each list sits in its own function, as it did when it
// went wrong (a row of a test table; a lesson's guess).
#include "strictwarnings.h"

#include <QList>
#include <QtTest>

#include <vector>

namespace {

__attribute__((noinline)) std::vector<double> halvesThenZeros()
{
    return {0.5, 0.5, 0, 0};
}

__attribute__((noinline)) QList<double> halvesThenZerosList()
{
    return {0.5, 0.5, 0.0, 0.0};
}

__attribute__((noinline)) std::vector<double> pairs()
{
    return {1.0, 1.0, 2.0, 2.0, 0.25, 0.25, 0.0, 0.0};
}

__attribute__((noinline)) std::vector<float> halvesThenZerosFloat()
{
    return {0.5f, 0.5f, 0.5f, 0.5f, 0.0f, 0.0f, 0.0f, 0.0f};
}

} // namespace

class TestToolchain : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void constantListsAreBuiltAsWritten();
};

void TestToolchain::constantListsAreBuiltAsWritten()
{
    // Element by element: a list written here could be built as wrongly as the one under test.
    const std::vector<double> v = halvesThenZeros();
    QCOMPARE(v.size(), std::size_t(4));
    QCOMPARE(v[1], 0.5);
    QCOMPARE(v[2], 0.0);
    QCOMPARE(v[3], 0.0);
    const QList<double> list = halvesThenZerosList();
    QCOMPARE(list.size(), 4);
    QCOMPARE(list[2], 0.0);
    QCOMPARE(list[3], 0.0);
    const std::vector<double> p = pairs();
    QCOMPARE(p.size(), std::size_t(8));
    QCOMPARE(p[2], 2.0);
    QCOMPARE(p[5], 0.25);
    QCOMPARE(p[7], 0.0);
    const std::vector<float> f = halvesThenZerosFloat();
    QCOMPARE(f[3], 0.5f);
    QCOMPARE(f[4], 0.0f);
}

QTEST_GUILESS_MAIN(TestToolchain)
#include "tst_toolchain.moc"
