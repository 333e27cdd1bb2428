// libFuzzer entry point for the scenario reader: see fuzzbodies.h for the contract under test.
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    attn::fuzz::scenarioBytes(data, size);
    return 0;
}
