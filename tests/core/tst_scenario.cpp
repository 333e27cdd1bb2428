// Validation: every invalid scenario is refused with one line naming the field and the numbers.
#include "core/scenario.h"
#include "strictwarnings.h"

#include <QtTest>

#include <limits>

using namespace attn;

namespace {

Scenario valid()
{
    Scenario s;
    s.query = Matrix::Zero(2, 2);
    s.key = Matrix::Zero(3, 2);
    s.value = Matrix::Zero(3, 2);
    return s;
}

} // namespace

Q_DECLARE_METATYPE(Scenario)

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void shapesOfValid();
    void invalid_data();
    void invalid();
    void rawScoresNeedNoQK();
    void errorMessagesAreOneLine();
};

void TestScenario::errorMessagesAreOneLine()
{
    const ScenarioError e("score", "unknown value \"a\nb\r\tc\"");
    QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("score: unknown value \"a b  c\""));
    QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("score"));
}

void TestScenario::shapesOfValid()
{
    Scenario s = valid();
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.query = Matrix::Zero(2, 4); // 2 heads × d_k 2
    s.value = Matrix::Zero(3, 5); // 1 kv head × d_v 5
    const Shapes sh = validate(s);
    QCOMPARE(sh.n_q, Index(2));
    QCOMPARE(sh.n_k, Index(3));
    QCOMPARE(sh.d_k, Index(2));
    QCOMPARE(sh.d_v, Index(5));
}

void TestScenario::invalid_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QStringList>("mentions");

    Scenario s = valid();
    s.key = Matrix::Zero(2, 3);
    s.value = Matrix::Zero(2, 2);
    QTest::addRow("K width differs from Q") << s << "K" << QStringList{"2", "3"};

    s = valid();
    s.num_query_heads = 5;
    s.num_kv_heads = 2;
    QTest::addRow("heads not divisible") << s << "heads" << QStringList{"5", "2"};

    s = valid();
    s.key = Matrix::Zero(4, 2);
    QTest::addRow("K rows differ from V rows") << s << "K" << QStringList{"4", "3"};

    s = valid();
    s.mask.causal = true;
    QTest::addRow("causal with n_q != n_k needs alignment") << s << "alignment" << QStringList{"2", "3"};

    s = valid();
    s.mask.window = Window{1, 0};
    QTest::addRow("window with n_q != n_k needs alignment") << s << "alignment" << QStringList{};

    s = valid();
    s.temperature = 0.0;
    QTest::addRow("temperature zero") << s << "temperature" << QStringList{"0"};

    s = valid();
    s.temperature = -2.0;
    QTest::addRow("temperature negative") << s << "temperature" << QStringList{"-2"};

    s = valid();
    s.query_tokens = {"a", "b", "c"};
    QTest::addRow("query labels") << s << "query_tokens" << QStringList{"3", "2"};

    s = valid();
    s.query_positions = {0, std::int64_t{1} << 60};
    QTest::addRow("query position beyond 2^53")
        << s << "positions.query" << QStringList{"entry 1", "1152921504606846976", "9007199254740992"};

    s = valid();
    s.key_positions = {-(std::int64_t{1} << 62), 0, 1};
    QTest::addRow("key position beyond -2^53") << s << "positions.key" << QStringList{"entry 0", "2^53"};

    s = valid();
    s.mask.window = Window{std::int64_t{1} << 54, 0};
    QTest::addRow("window side beyond 2^53") << s << "mask.window.left" << QStringList{"18014398509481984"};

    s = valid();
    s.key_tokens = {"a"};
    QTest::addRow("key labels") << s << "key_tokens" << QStringList{"1", "3"};

    s = valid();
    s.mask.key_padding = {true, false};
    QTest::addRow("key padding length") << s << "mask.key_padding" << QStringList{"2", "3"};

    s = valid();
    s.mask.visible = {BoolMatrix::Constant(3, 3, true)};
    QTest::addRow("visible shape") << s << "mask.visible" << QStringList{"3×3", "2×3"};

    s = valid();
    s.value = Matrix();
    QTest::addRow("V missing") << s << "V" << QStringList{};

    s = valid();
    s.query = Matrix();
    QTest::addRow("Q missing") << s << "Q" << QStringList{};

    s = valid();
    s.positional.kind = PositionalKind::Rope;
    s.query = Matrix::Zero(3, 3);
    s.key = Matrix::Zero(3, 3);
    QTest::addRow("RoPE odd d_k") << s << "positional" << QStringList{"3"};

    s = valid();
    s.score = ScoreKind::Additive;
    QTest::addRow("additive without parameters") << s << "additive" << QStringList{};

    s = valid();
    s.mask.window = Window{-1, std::nullopt};
    s.alignment = Alignment::TopLeft;
    QTest::addRow("negative window") << s << "mask.window.left" << QStringList{"-1"};

    s = valid();
    s.scores = {Matrix::Zero(2, 2)};
    QTest::addRow("scores shape") << s << "scores" << QStringList{"2×2", "2×3"};

    s = valid();
    s.scores = {Matrix::Zero(2, 3)};
    s.positional.kind = PositionalKind::Rope;
    QTest::addRow("RoPE with raw scores") << s << "positional" << QStringList{"scores"};

    s = valid();
    s.scores = {Matrix::Zero(2, 3)};
    s.score = ScoreKind::Additive;
    s.additive = AdditiveParams{Matrix::Ones(1, 2), Matrix::Ones(1, 2), Vector::Ones(1)};
    QTest::addRow("additive with raw scores") << s << "score" << QStringList{"scores"};

    s = valid();
    s.positional.kind = PositionalKind::Alibi;
    s.positional.alibi_slopes = {std::numeric_limits<double>::quiet_NaN()};
    s.alignment = Alignment::TopLeft;
    QTest::addRow("NaN ALiBi slope") << s << "positional.alibi_slopes" << QStringList{"slope 0", "nan"};

    s = valid();
    s.mask.causal = true;
    s.mask.key_padding = {true};
    QTest::addRow("real fault reported before a missing alignment")
        << s << "mask.key_padding" << QStringList{"1", "3"};
}

void TestScenario::invalid()
{
    QFETCH(Scenario, scenario);
    QFETCH(QString, field);
    QFETCH(QStringList, mentions);
    try {
        validate(scenario);
        QFAIL("expected a ScenarioError");
    } catch (const ScenarioError &e) {
        const QString message = QString::fromUtf8(e.what());
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(message.startsWith(field + ": "), qPrintable(message));
        QVERIFY2(!message.contains('\n'), qPrintable(message));
        for (const QString &m : mentions) QVERIFY2(message.contains(m), qPrintable(message + " lacks " + m));
    }
}

void TestScenario::rawScoresNeedNoQK()
{
    Scenario s;
    s.scores = {Matrix::Zero(2, 3)};
    s.value = Matrix::Zero(3, 1);
    const Shapes sh = validate(s);
    QCOMPARE(sh.n_q, Index(2));
    QCOMPARE(sh.d_k, Index(0));
    QCOMPARE(effectiveScale(s, sh), 1.0);
}

QTEST_APPLESS_MAIN(TestScenario)
#include "tst_scenario.moc"
