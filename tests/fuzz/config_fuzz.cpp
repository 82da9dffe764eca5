// libFuzzer target: any bytes as patchbay.toml. Parsing never touches the file system.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto config = patchbay::parse_config(text, "/nonexistent/patchbay.toml");
    if (config && (config->strip < 0 || config->fuzz < 0)) __builtin_trap();
    return 0;
}
