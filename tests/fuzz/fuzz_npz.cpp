// libFuzzer entry point for the .npz reader alone: see fuzzbodies.h for how an input becomes a .npz file.
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attn::fuzz::npzBytes(data, size);
    return 0;
}
