// Why a file's bytes are not a JSON document, said so that a learner or a teacher can find and
// fix the spot: shared by the scenario reader and the lesson reader.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

struct QJsonParseError;

namespace attn::doc {

/// One clause for `text` that QJsonDocument::fromJson refused with `error`:
///   "the file is empty" (no bytes, or only spaces and line breaks),
///   "the file is not text (binary data at byte 12); expected JSON" (a control byte JSON never
///   holds, e.g. a picture or a zip saved with a .json name), "the file is not UTF-8 text; …",
///   "not valid JSON at byte 41 (line 3, column 7): unterminated array" otherwise. Lines and
///   columns count from 1; columns count characters, not bytes.
QString jsonSyntaxProblem(const QByteArray &text, const QJsonParseError &error);

/// A JSON number as a message shows it: the shortest text that reads back as the same double,
/// so an index of 99999999999 reads "99999999999", not "1e+11", and 0.1 reads "0.1".
QString jsonNumberText(double value);

/// A key written twice in one JSON object. QJsonDocument keeps only the last one silently, so a
/// teacher's pasted-over "Q" would win without a word; the readers refuse such files instead.
struct DuplicateKey {
    QString path;         ///< the field as the readers name it: "Q", "positional.kind", "steps[2].title"
    qsizetype offset = 0; ///< byte offset of the second occurrence's opening quote
    int line = 1;         ///< 1-based line of the second occurrence
    int column = 1;       ///< 1-based column, in characters
    /// "is given twice in one object (again at line 5, column 3); JSON keeps only the last: remove one"
    QString message() const;
};

/// The first key that appears twice in the same object of `text`, which must be a document
/// QJsonDocument::fromJson accepted (syntax is not checked again). Keys are compared after
/// their escapes are decoded ("Q" and "\u0051" are the same key). Linear in the text's size.
std::optional<DuplicateKey> findDuplicateKey(const QByteArray &text);

} // namespace attn::doc
