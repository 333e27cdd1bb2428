// libFuzzer entry point for the .safetensors reader alone: see fuzzbodies.h for how an input becomes a
// .safetensors file.
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attn::fuzz::safetensorsBytes(data, size);
    return 0;
}
