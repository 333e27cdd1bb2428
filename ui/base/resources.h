// Registration of the resources compiled into the static attn_ui library.
#pragma once

namespace attn::ui {

/// Registers the ":/presets/…" resources of attn_ui. A static library's resources are not
/// registered automatically; call this once from main() and from tests before reading them.
/// Safe to call more than once (later calls do nothing).
void initResources();

} // namespace attn::ui
