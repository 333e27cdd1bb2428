// The sign of zero in the scenario and workspace formats. QJsonDocument keeps none: it writes
// −0.0 as 0 and reads "-0.0" back as +0. A cell a learner set to −0 (or a −0 that an import
// produced) would silently change on Save; here it comes back bit for bit. Writers put
// jsonNumber(x) where a number goes (a mark for −0.0) and write the text with jsonText(), which
// turns each mark into -0.0; readers parse withNegativeZerosMarked(text), where each negative
// zero of the text has become the mark, and read numbers with isNegativeZeroMark() in mind.
#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace attn::doc {

/// `x` as a JSON value: the number, the negative-zero mark for −0.0, null when not finite.
QJsonValue jsonNumber(double x);

/// True when `v` is the negative-zero mark (a string no reader accepts from a user: it starts
/// with a NUL character, which JSON text holds only escaped).
bool isNegativeZeroMark(const QJsonValue &v);

/// The text of `object` (QJsonDocument::toJson) with every negative-zero mark written as -0.0.
QByteArray jsonText(const QJsonObject &object, QJsonDocument::JsonFormat format = QJsonDocument::Indented);

/// `text` (valid JSON) with every number that is a negative zero ("-0", "-0.0", "-0e5") outside
/// strings replaced by the mark; `text` itself when it has none.
QByteArray withNegativeZerosMarked(const QByteArray &text);

} // namespace attn::doc
