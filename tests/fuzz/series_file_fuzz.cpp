// libFuzzer target: any bytes as a quilt series file.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "series/series_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = patchbay::parse_series(text, "patches/series");
    if (!parsed) return 0;
    for (const auto& entry : parsed->entries)
        if (entry.name.empty() || entry.name.front() == '/' || entry.line < 1) __builtin_trap();
    return 0;
}
