#include "ui/base/resources.h"

#include <QtCore/QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initAttentionLabResources()
{
    Q_INIT_RESOURCE(attentionlab);
}

namespace attn::ui {

void initResources()
{
    static const bool registered = [] {
        initAttentionLabResources();
        return true;
    }();
    (void)registered;
}

} // namespace attn::ui
