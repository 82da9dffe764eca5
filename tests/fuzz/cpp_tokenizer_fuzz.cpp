// libFuzzer target: any bytes as a cpp source file, checked against the tokenizer's promises
// (tests/fuzz/token_invariants.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/token_invariants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    patchbay::fuzzing::check_token_invariants(text, patchbay::tokenize_cpp(text));
    return 0;
}
