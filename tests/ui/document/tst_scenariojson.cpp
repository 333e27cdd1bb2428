// The scenario reader/writer against the reference cases (tests/data/cases) and bad files.
#include "strictwarnings.h"
#include "ui/document/jsonnumbers.h"
#include "ui/document/jsonproblem.h"
#include "ui/document/scenariojson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

QJsonObject readCase(const QString &name)
{
    QFile f(QStringLiteral(ATTN_TEST_DATA_DIR "/cases/") + name);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot open %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// |got − expected| ≤ tol for every entry; null in the expectation means NaN.
void compareMatrix(const Matrix &got, const QJsonArray &expected, const QString &what, double tol)
{
    QCOMPARE(got.rows(), Index(expected.size()));
    for (Index i = 0; i < got.rows(); ++i) {
        const QJsonArray row = expected.at(i).toArray();
        QCOMPARE(got.cols(), Index(row.size()));
        for (Index j = 0; j < got.cols(); ++j) {
            const double e = row.at(j).isNull() ? qQNaN() : row.at(j).toDouble();
            const double g = got(i, j);
            const bool ok = std::isnan(e) ? std::isnan(g) : std::abs(g - e) <= tol;
            QVERIFY2(ok, qPrintable(QString("%1[%2][%3] = %4, expected %5")
                                        .arg(what)
                                        .arg(i)
                                        .arg(j)
                                        .arg(g, 0, 'g', 17)
                                        .arg(e, 0, 'g', 17)));
        }
    }
}

} // namespace

class TestScenarioJson : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void referenceCase_data();
    void referenceCase();
    void roundTripKeepsEverything();
    void roundTripKeepsTodaysKeys();
    void badInput_data();
    void badInput();
    void traceJsonWritesNaNAsNull();
    void duplicateKeys_data();
    void duplicateKeys();
    void writerKeepsTileAndSignOfZero_data();
    void writerKeepsTileAndSignOfZero();
    void negativeZerosOnlyOutsideStrings();
};

void TestScenarioJson::referenceCase_data()
{
    QTest::addColumn<QString>("file");
    for (const char *name : {"01-worked-example.json",
                             "02-fully-masked-row.json",
                             "03-visible-means-may-attend.json",
                             "04a-causal-top-left.json",
                             "04b-causal-bottom-right.json",
                             "04c-causal-bottom-right-short-keys.json",
                             "05-key-padding.json",
                             "06-gqa-head-mapping.json",
                             "06b-mqa.json",
                             "07-large-logits.json",
                             "08-online-softmax-rescale.json",
                             "09a-rope-interleaved.json",
                             "09b-rope-half-split.json",
                             "10-alibi-six-heads.json",
                             "11-sliding-window.json",
                             "12-softmax-over-keys.json",
                             "13-linear-causal.json",
                             "14-additive-with-padding.json",
                             "15-error-ambiguous-causal.json",
                             "16-error-shape-mismatch.json",
                             "17-error-heads-not-divisible.json",
                             "18-projections-cross.json",
                             "19-error-x-with-q.json",
                             "20-softcap-alibi.json",
                             "21-sinks-gqa-masked-row.json",
                             "22a-partial-rotary-half-split.json",
                             "22b-partial-rotary-interleaved.json",
                             "22c-rotary-dim-full-is-rope.json",
                             "23a-document-ids-causal-padding.json",
                             "23b-query-key-document-ids.json",
                             "24-prefix-lm-causal.json",
                             "25a-float16.json",
                             "25b-float16-overflow.json",
                             "26-bfloat16.json",
                             "27-error-sinks-wrong-length.json"}) {
        QTest::newRow(name) << QString::fromLatin1(name);
    }
}

void TestScenarioJson::referenceCase()
{
    QFETCH(QString, file);
    QJsonObject object = readCase(file);
    const QJsonObject expect = object.take("expect").toObject();
    QVERIFY(!expect.isEmpty());
    if (expect.value("error").toBool()) {
        try {
            attend(doc::scenarioFromJson(object));
            QFAIL("expected a ScenarioError");
        } catch (const ScenarioError &e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(!message.contains('\n'), qPrintable(message));
            for (const QJsonValue &m : expect.value("mentions").toArray()) {
                QVERIFY2(message.contains(m.toString()), qPrintable(message + " lacks " + m.toString()));
            }
        }
        return;
    }
    // The engine computes in double; the cases were computed independently in double too.
    const double tol = 1e-9;
    const AttentionTrace t = attend(doc::scenarioFromJson(object));
    const QJsonArray weights = expect.value("weights").toArray();
    QCOMPARE(t.heads.size(), std::size_t(weights.size()));
    for (qsizetype h = 0; h < weights.size(); ++h) {
        compareMatrix(t.heads[std::size_t(h)].weights, weights.at(h).toArray(), QString("weights[%1]").arg(h),
                      tol);
    }
    if (expect.contains("scores")) {
        const QJsonArray scores = expect.value("scores").toArray();
        for (qsizetype h = 0; h < scores.size(); ++h) {
            compareMatrix(t.heads[std::size_t(h)].logits, scores.at(h).toArray(),
                          QString("scores[%1]").arg(h), tol);
        }
    }
    compareMatrix(t.output, expect.value("output").toArray(), "output", tol);
    const Scenario scenario = doc::scenarioFromJson(object);
    const QJsonObject result = doc::resultToJson(scenario, t);
    for (const char *key : {"Q", "K", "V", "projected_output"}) {
        QCOMPARE(result.contains(key), expect.contains(key));
        if (expect.contains(key)) {
            Matrix got = key == QLatin1String("Q")   ? scenario.query
                         : key == QLatin1String("K") ? scenario.key
                         : key == QLatin1String("V") ? scenario.value
                                                     : projectOutput(scenario, t.output);
            compareMatrix(got, expect.value(key).toArray(), key, tol);
        }
    }
    if (expect.contains("fully_masked_rows")) {
        const QJsonArray rows = expect.value("fully_masked_rows").toArray();
        QCOMPARE(t.fully_masked_rows.size(), std::size_t(rows.size()));
        for (qsizetype r = 0; r < rows.size(); ++r) {
            QCOMPARE(t.fully_masked_rows[std::size_t(r)].first, rows.at(r)[0].toInt());
            QCOMPARE(t.fully_masked_rows[std::size_t(r)].second, Index(rows.at(r)[1].toInt()));
        }
    }
    // Sinks: each row's share of the sink, [head][n_q].
    QCOMPARE(result.contains("sink_weights"), expect.contains("sink_weights"));
    const QJsonArray sinks = expect.value("sink_weights").toArray();
    for (qsizetype h = 0; h < sinks.size(); ++h) {
        compareMatrix(Matrix(t.heads[std::size_t(h)].sink_weights.transpose()), QJsonArray{sinks.at(h)},
                      QString("sink_weights[%1]").arg(h), tol);
    }
    // A reduced dtype: the overflowed logits and the distance from float64.
    QCOMPARE(result.contains("overflowed_logits"), expect.contains("overflowed_logits"));
    QCOMPARE(result.contains("max_abs_error_vs_float64"), expect.contains("max_abs_error_vs_float64"));
    if (expect.contains("overflowed_logits")) {
        QCOMPARE(result["overflowed_logits"].toArray(), expect["overflowed_logits"].toArray());
        QCOMPARE(result["dtype"].toString(), object["dtype"].toString());
        const QJsonObject want = expect["max_abs_error_vs_float64"].toObject();
        QVERIFY(t.error_vs_float64.has_value());
        compareMatrix(Matrix::Constant(1, 1, t.error_vs_float64->weights),
                      QJsonArray{QJsonArray{want["weights"]}}, "max_abs_error_vs_float64.weights", tol);
        compareMatrix(Matrix::Constant(1, 1, t.error_vs_float64->output),
                      QJsonArray{QJsonArray{want["output"]}}, "max_abs_error_vs_float64.output", tol);
    } else {
        QCOMPARE(result["dtype"].toString(), QStringLiteral("float64"));
    }
}

void TestScenarioJson::roundTripKeepsTodaysKeys()
{
    // softcap, sinks, rotary_dim, document ids, prefix length and dtype are written back as read.
    const std::pair<const char *, const char *> paths[] = {
        {"", "softcap"},
        {"", "sinks"},
        {"", "dtype"},
        {"positional", "rotary_dim"},
        {"mask", "document_ids"},
        {"mask", "query_document_ids"},
        {"mask", "key_document_ids"},
        {"mask", "prefix_length"},
    };
    int kept = 0;
    for (const QString &name : QDir(QStringLiteral(ATTN_TEST_DATA_DIR "/cases")).entryList({"2*.json"})) {
        QJsonObject object = readCase(name);
        if (object.take("expect").toObject().value("error").toBool()) continue;
        const QJsonObject written = doc::scenarioToJson(doc::scenarioFromJson(object));
        for (const auto &[parent, key] : paths) {
            const QJsonObject from = *parent ? object[parent].toObject() : object;
            const QJsonObject to = *parent ? written[parent].toObject() : written;
            if (!from.contains(key)) {
                QVERIFY2(!to.contains(key), qPrintable(name + ": wrote " + key));
                continue;
            }
            QVERIFY2(to.value(key) == from.value(key), qPrintable(name + ": " + key + " changed"));
            ++kept;
        }
    }
    // 20 softcap; 21 sinks; 22a–c rotary_dim; 23a document_ids; 23b both; 24 prefix; 25a sinks,
    // dtype; 25b, 26 dtype.
    QCOMPARE(kept, 13);
}

void TestScenarioJson::roundTripKeepsEverything()
{
    QDir dir(QStringLiteral(ATTN_TEST_DATA_DIR "/cases"));
    int checked = 0;
    for (const QString &name : dir.entryList({"*.json"}, QDir::Files)) {
        QJsonObject object = readCase(name);
        if (object.take("expect").toObject().value("error").toBool()) continue;
        Scenario first;
        try {
            first = doc::scenarioFromJson(object);
        } catch (const ScenarioError &) {
            continue;
        }
        const QJsonObject written = doc::scenarioToJson(first);
        const Scenario second = doc::scenarioFromJson(written);
        QCOMPARE(doc::scenarioToJson(second), written);
        QCOMPARE(second.query, first.query);
        QCOMPARE(second.value, first.value);
        QCOMPARE(second.mask.causal, first.mask.causal);
        ++checked;
    }
    QVERIFY(checked >= 15);
}

void TestScenarioJson::badInput_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("mentions");
    const QByteArray head = R"({"format": "attention-lab.scenario", "version": 1, )";
    QTest::addRow("not JSON") << QByteArray("{\"format\": ") << "not valid JSON";
    QTest::addRow("top-level array") << QByteArray("[1, 2]") << "JSON object";
    QTest::addRow("wrong format") << QByteArray(R"({"format": "x", "version": 1})") << "format";
    QTest::addRow("wrong version") << QByteArray(R"({"format": "attention-lab.scenario", "version": 2})")
                                   << "version 1, got 2";
    QTest::addRow("ragged Q") << head + R"("Q": [[1, 0], [1]], "K": [[1, 0]], "V": [[1]]})"
                              << "row 1 has 1 numbers but row 0 has 2";
    QTest::addRow("string in K") << head + R"("Q": [[1]], "K": [["a"]], "V": [[1]]})"
                                 << "K[0][0]: expected a number, got a string";
    QTest::addRow("V not an array") << head + R"("Q": [[1]], "K": [[1]], "V": 3})"
                                    << "V: expected an array, got a number";
    QTest::addRow("unknown score") << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "score": "cosine"})"
                                   << "unknown value \"cosine\"";
    QTest::addRow("fractional heads")
        << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "heads": {"query": 1.5}})"
        << "heads.query: expected an integer";
    QTest::addRow("temperature zero") << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "temperature": 0})"
                                      << "temperature";
    QTest::addRow("visible entry 2")
        << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "mask": {"visible": [[2]]}})"
        << "use 1 (may attend) or 0";
    QTest::addRow("padding not bool")
        << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "mask": {"key_padding": [1]}})"
        << "mask.key_padding";
    QTest::addRow("label count") << head + R"("Q": [[1]], "K": [[1]], "V": [[1]], "key_tokens": ["a", "b"]})"
                                 << "key_tokens: has 2 labels but n_k = 1";
    const QByteArray qkv = R"("Q": [[1]], "K": [[1]], "V": [[1]], )";
    // A typo must not be silently ignored.
    QTest::addRow("typo in mask") << head + qkv + R"("mask": {"casual": true}})"
                                  << "mask: unknown key \"casual\" (known: causal,";
    QTest::addRow("typo at top level") << head + qkv + R"("temprature": 0.1})"
                                       << "scenario: unknown key \"temprature\"";
    QTest::addRow("typo in window") << head + qkv + R"("mask": {"window": {"lft": 1}}})"
                                    << "mask.window: unknown key";
    // Messages stay on one line and short whatever the file holds.
    QTest::addRow("newline in value") << head + qkv + R"("score": "a\nb"})"
                                      << "unknown value \"a?b\"";
    QTest::addRow("long value") << head + qkv + R"("kernel": ")" + QByteArray(5000, 'x') + R"("})"
                                << "…\"";
    // Empty and missing parts are named as such.
    QTest::addRow("Q with an empty row") << head + R"("Q": [[]], "K": [[1]], "V": [[1]]})"
                                         << "Q: row 0 is empty (1×0 matrix)";
    QTest::addRow("empty scores") << head + R"("scores": [], "V": [[1]]})"
                                  << "scores: is empty";
    QTest::addRow("missing V") << head + R"("Q": [[1]], "K": [[1]]})"
                               << "V: is missing";
    QTest::addRow("missing additive.v")
        << head + qkv + R"("score": "additive", "additive": {"W_q": [[1]], "W_k": [[1]]}})"
        << "additive.v: is missing";
    const QByteArray w = R"("W_q": [[1]], "W_k": [[1]], "W_v": [[1]])";
    QTest::addRow("X with Q") << head + R"("X": [[1]], "Q": [[1]], )" + w + "}"
                              << "Q: is given together with X";
    QTest::addRow("X with scores") << head + R"("X": [[1]], "scores": [[1]], )" + w + "}"
                                   << "scores: is given together with X";
    QTest::addRow("W_q without X") << head + qkv + R"("W_q": [[1]]})"
                                   << "W_q: is given without X";
    QTest::addRow("X without W_k") << head + R"("X": [[1]], "W_q": [[1]], "W_v": [[1]]})"
                                   << "W_k: is missing";
    QTest::addRow("W_q rows") << head +
                                     R"("X": [[1, 2]], "W_q": [[1]], "W_k": [[1], [1]], "W_v": [[1], [1]]})"
                              << "W_q: expected 2 rows (d_model, the columns of X), found 1 × 1";
    QTest::addRow("b_k width") << head + R"("X": [[1]], "b_k": [1, 2], )" + w + "}"
                               << "b_k: expected 1 × 1 (one row, the columns of W_k), found 1 × 2";
    QTest::addRow("W_o rows") << head + qkv + R"("W_o": [[1], [2]]})"
                              << "W_o: expected 1 row (H_q·d_v, the heads concatenated), found 2 × 1";
    QTest::addRow("null temperature") << head + qkv + R"("temperature": null})"
                                      << "temperature: expected a number, got null";
}

void TestScenarioJson::badInput()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, mentions);
    try {
        doc::scenarioFromJsonText(text);
        QFAIL("expected a ScenarioError");
    } catch (const ScenarioError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains(mentions), qPrintable(message));
        QVERIFY2(!message.contains('\n'), qPrintable(message));
    }
}

void TestScenarioJson::traceJsonWritesNaNAsNull()
{
    const QByteArray text = R"({"format": "attention-lab.scenario", "version": 1,
        "Q": [[1]], "K": [[1]], "V": [[1]], "mask": {"visible": [[0]], "all_masked_rows": "nan"}})";
    const QJsonObject result = doc::traceToJson(attend(doc::scenarioFromJsonText(text)));
    QVERIFY(result["weights"].toArray()[0].toArray()[0].toArray()[0].isNull());
    QVERIFY(result["output"].toArray()[0].toArray()[0].isNull());
    QCOMPARE(result["fully_masked_rows"].toArray(), (QJsonArray{QJsonArray{0, 0}}));
    QCOMPARE(result["shapes"].toObject()["n_k"].toInt(), 1);
    QCOMPARE(result["kernel"].toString(), QStringLiteral("naive"));
}

void TestScenarioJson::duplicateKeys_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("path"); // empty: no duplicate
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addRow("none") << QByteArray(R"({"a": 1, "b": 2})") << QString() << 0 << 0;
    QTest::addRow("top level") << QByteArray(R"({"Q":[[1]],"Q":[[2]]})") << "Q" << 1 << 12;
    QTest::addRow("nested") << QByteArray(R"({"positional": {"kind": "rope", "kind": "alibi"}})")
                            << "positional.kind" << 1 << 33;
    QTest::addRow("same key, other objects")
        << QByteArray(R"({"a": {"x": 1}, "b": {"x": 2}})") << QString() << 0 << 0;
    QTest::addRow("in an array") << QByteArray(R"({"steps": [{"t": 1}, {"t": 1, "t": 2}]})") << "steps[1].t"
                                 << 1 << 31;
    QTest::addRow("escaped the same") << QByteArray(R"({"Q": 1, "\u0051": 2})") << "Q" << 1 << 10;
    QTest::addRow("quotes and braces in strings")
        << QByteArray(R"({"a": "}{\",", "b": "a", "c": ["a", "a"]})") << QString() << 0 << 0;
    QTest::addRow("lines") << QByteArray("{\n  \"x\": 1,\n  \"x\": 2\n}") << "x" << 3 << 3;
    QTest::addRow("columns in characters") << QByteArray(R"({"é": 1, "é": 2})") << "é" << 1 << 10;
    QTest::addRow("top-level array") << QByteArray(R"([{"a": 1}, {"b": 1, "b": 2}])") << "[1].b" << 1 << 21;
}

void TestScenarioJson::duplicateKeys()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, path);
    QFETCH(int, line);
    QFETCH(int, column);
    QJsonParseError error;
    QJsonDocument::fromJson(text, &error);
    QCOMPARE(error.error, QJsonParseError::NoError); // the finder is only given valid JSON
    const std::optional<doc::DuplicateKey> found = doc::findDuplicateKey(text);
    if (path.isEmpty()) {
        QVERIFY2(!found, found ? qPrintable(found->path) : "");
        return;
    }
    QVERIFY(found);
    QCOMPARE(found->path, path);
    QCOMPARE(found->line, line);
    QCOMPARE(found->column, column);
    QCOMPARE(found->message(),
             QStringLiteral("is given twice in one object (again at line %1, column %2); JSON "
                            "keeps only the last: remove one")
                 .arg(line)
                 .arg(column));
    // The scenario reader refuses the file, naming the field.
    if (path == QLatin1String("Q")) {
        try {
            (void)doc::scenarioFromJsonText(text);
            QFAIL("a scenario with a duplicate key was accepted");
        } catch (const std::exception &e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith("Q: is given twice in one object"), e.what());
        }
    }
}

void TestScenarioJson::writerKeepsTileAndSignOfZero_data()
{
    QTest::addColumn<int>("kernel");
    // Before: the tile was written for the tiled kernel only, and −0.0 came back as +0.
    QTest::addRow("tiled") << int(attn::KernelKind::Tiled);
    QTest::addRow("windowed") << int(attn::KernelKind::Windowed);
    QTest::addRow("linear") << int(attn::KernelKind::Linear);
    QTest::addRow("naive with a changed tile") << int(attn::KernelKind::Naive);
}

void TestScenarioJson::writerKeepsTileAndSignOfZero()
{
    QFETCH(int, kernel);
    attn::Scenario s;
    s.query = Matrix{{-0.0, 1.0}};
    s.key = Matrix{{1.0, -0.0}, {0.0, 1.0}};
    s.value = Matrix{{-0.0}, {2.0}};
    s.kernel = static_cast<attn::KernelKind>(kernel);
    if (s.kernel == attn::KernelKind::Windowed) {
        s.mask.window = attn::Window{1, 0};
        s.alignment = attn::Alignment::BottomRight;
    }
    s.tile = {8, 16};
    const QByteArray text = doc::jsonText(doc::scenarioToJson(s));
    QVERIFY2(text.contains("\"tile\""), text.constData());
    QVERIFY2(text.contains("-0.0"), text.constData());
    QVERIFY(!text.contains("\\u0000")); // no mark is left in the text
    const attn::Scenario back = doc::scenarioFromJsonText(text);
    QCOMPARE(back.tile.query, Index{8});
    QCOMPARE(back.tile.key, Index{16});
    QCOMPARE(back.kernel, s.kernel);
    QVERIFY(std::signbit(back.query(0, 0)) && back.query(0, 0) == 0.0);
    QVERIFY(std::signbit(back.key(0, 1)));
    QVERIFY(!std::signbit(back.key(1, 0)));
    QVERIFY(std::signbit(back.value(0, 0)));
    // Written again, the text is the same: nothing drifts on a second save.
    QCOMPARE(doc::jsonText(doc::scenarioToJson(back)), text);
}

void TestScenarioJson::negativeZerosOnlyOutsideStrings()
{
    const QByteArray text = R"({"title": "a -0 in \"text\" -0.0", "Q": [[-0, -0e3, -0.000, -0.5, 10]]})";
    const QByteArray marked = doc::withNegativeZerosMarked(text);
    QVERIFY(marked.startsWith(R"({"title": "a -0 in \"text\" -0.0", "Q": [[)"));
    QCOMPARE(marked.count("\"\\u0000-0\""), 3); // -0, -0e3 and -0.000, not the -0 of the title
    QVERIFY(marked.endsWith(R"(, -0.5, 10]]})"));
    QCOMPARE(doc::withNegativeZerosMarked(R"({"Q": [[0, 1]]})"), QByteArray(R"({"Q": [[0, 1]]})"));
}

QTEST_APPLESS_MAIN(TestScenarioJson)
#include "tst_scenariojson.moc"
