// libFuzzer entry point for the .npy reader alone: see fuzzbodies.h for how an input becomes a .npy file.
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attn::fuzz::npyBytes(data, size);
    return 0;
}
