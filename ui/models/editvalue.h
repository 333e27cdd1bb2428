// The number an item view hands a model's setData(): a double, or text the learner typed.
#pragma once

#include "ui/base/numbertext.h"

#include <QVariant>

namespace attn::ui {

/// Reads `value` as a number: a numeric QVariant as it is, text through parseTypedNumber()
/// (ui/base/numbertext.h). Sets *text to what to quote in a refusal (the exact number, or the
/// typed text) and returns false for text that is not a number.
inline bool numberFromEditValue(const QVariant &value, double *number, QString *text)
{
    const int type = value.metaType().id();
    if (type == QMetaType::Double || type == QMetaType::Float || type == QMetaType::Int ||
        type == QMetaType::LongLong) {
        bool ok = false;
        *number = value.toDouble(&ok);
        *text = exactNumber(*number);
        return ok;
    }
    *text = value.toString();
    return parseTypedNumber(*text, number);
}

} // namespace attn::ui
