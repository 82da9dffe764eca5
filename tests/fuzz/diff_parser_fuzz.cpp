// libFuzzer target: any bytes as a patch file. The parser must return a PatchFile or an Error;
// whatever it returns must survive what every caller does with it next.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "patches/diff_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = patchbay::parse_patch(text, "fuzz.patch");
    if (!parsed) return 0;
    for (const auto& file : parsed->files) {
        patchbay::strip_path(file.old_name, 1);
        patchbay::strip_path(file.new_name, 1);
        for (const auto& hunk : file.hunks) {
            auto back = patchbay::reversed(hunk);
            if (back.body_old_count() != hunk.body_new_count()) __builtin_trap();
            hunk.prefix_context();
            hunk.suffix_context();
        }
    }
    return 0;
}
