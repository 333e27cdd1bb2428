#include "fuzzbodies.h"

#include "core/attention.h"
#include "ui/document/scenariojson.h"
#include "ui/io/tensorfile.h"
#include "ui/io/tensorscenario.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonloader.h"
#include "ui/workspace/workspacefile.h"

#include <QByteArray>
#include <QString>

namespace attn::fuzz {

namespace {

QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace

void scenarioBytes(const std::uint8_t *data, std::size_t size)
{
    try {
        const Scenario scenario = doc::scenarioFromJsonText(bytes(data, size));
        const Shapes shapes = validate(scenario);
        // Keep each run short; the reader itself refuses sizes that cannot be allocated.
        const long long pairs = static_cast<long long>(shapes.n_q) * shapes.n_k * shapes.num_query_heads;
        if (pairs <= (1LL << 16)) attend(scenario);
    } catch (const ScenarioError &) {
        // A refusal with a message: the expected outcome for bad input.
    }
}

void lessonBytes(const std::uint8_t *data, std::size_t size)
{
    const lessons::LessonFileResult result =
        lessons::parseLesson(bytes(data, size), QStringLiteral("01-fuzz.json"));
    (void)result;
}

void workspaceBytes(const std::uint8_t *data, std::size_t size)
{
    try {
        const ui::Workspace workspace =
            ui::workspaceFromBytes(bytes(data, size), QStringLiteral("fuzz.attnlab"), lessons::knownViews());
        (void)workspace;
    } catch (const ui::WorkspaceError &) {
        // A refusal with a message: the expected outcome for bad input.
    }
}

namespace {

/// Reads `input` as `name` with small limits, then names its layers; refusals are TensorFileError.
void readTensors(const QByteArray &input, const QString &name)
{
    io::ReadLimits limits;
    limits.maxFileBytes = 1 << 20;  // an .npz may expand to 1 MiB
    limits.maxTotalBytes = 8 << 20; // 1 M values
    limits.maxHeaderBytes = 1 << 20;
    limits.maxTensors = 256;
    try {
        const io::TensorFile file = io::readTensorBytes(input, name, limits);
        const std::vector<Scenario> layers = io::scenariosFromTensorFile(file, name);
        (void)layers;
    } catch (const io::TensorFileError &) {
        // A refusal with a message: the expected outcome for bad input.
    }
}

} // namespace

void tensorBytes(const std::uint8_t *data, std::size_t size)
{
    readTensors(bytes(data, size), QStringLiteral("fuzz.bin"));
}

void npyBytes(const std::uint8_t *data, std::size_t size)
{
    QByteArray input = bytes(data, size);
    if (!input.startsWith("\x93NUMPY")) input.prepend("\x93NUMPY");
    readTensors(input, QStringLiteral("fuzz.npy"));
}

void npzBytes(const std::uint8_t *data, std::size_t size)
{
    QByteArray input = bytes(data, size);
    if (!input.startsWith("PK")) input.prepend("PK\x03\x04");
    readTensors(input, QStringLiteral("fuzz.npz"));
}

void safetensorsBytes(const std::uint8_t *data, std::size_t size)
{
    QByteArray input = bytes(data, size);
    if (input.size() < 9 || input[8] != '{') {
        const qsizetype end = input.indexOf('\0');
        const QByteArray header = end < 0 ? input : input.left(end);
        const QByteArray rest = end < 0 ? QByteArray() : input.mid(end + 1);
        QByteArray length(8, '\0');
        for (int i = 0; i < 8; ++i) length[i] = char((quint64(header.size()) >> (8 * i)) & 0xff);
        input = length + header + rest;
    }
    readTensors(input, QStringLiteral("fuzz.safetensors"));
}

} // namespace attn::fuzz
