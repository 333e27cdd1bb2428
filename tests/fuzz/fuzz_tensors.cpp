// libFuzzer entry point for the tensor-file readers: see fuzzbodies.h for the contract under test.
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attn::fuzz::tensorBytes(data, size);
    return 0;
}
