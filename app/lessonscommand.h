// `attention-lab lessons`: list the shipped lessons, or check a teacher's lesson files.
#pragma once

#include <QStringList>

namespace attn::app {

/// `attention-lab lessons --list`: one line per shipped lesson, "id<TAB>title", in id order.
/// `attention-lab lessons --check PATH`: validates the lesson file PATH, or every lesson file in
/// folder PATH; prints one line per problem ("FILE: step N: FIELD: message") and exits with
/// BadInput, or prints "N lessons OK" and exits with Ok.
int runLessons(const QStringList &arguments);

} // namespace attn::app
