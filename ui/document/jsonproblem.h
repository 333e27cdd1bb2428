// Why a file's bytes are not a JSON document, said so that a learner or a teacher can find and
// fix the spot: shared by the scenario reader and the lesson reader.
#pragma once

#include <QByteArray>
#include <QString>

struct QJsonParseError;

namespace attn::doc {

/// One clause for `text` that QJsonDocument::fromJson refused with `error`:
///   "the file is empty" (no bytes, or only spaces and line breaks),
///   "the file is not text (binary data at byte 12); expected JSON" (a control byte JSON never
///   holds, e.g. a picture or a zip saved with a .json name), "the file is not UTF-8 text; …",
///   "not valid JSON at byte 41 (line 3, column 7): unterminated array" otherwise. Lines and
///   columns count from 1; columns count characters, not bytes.
QString jsonSyntaxProblem(const QByteArray &text, const QJsonParseError &error);

} // namespace attn::doc
