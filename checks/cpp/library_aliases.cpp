#include "checks/cpp/library_aliases.hpp"

#include <array>

#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

struct LibraryAlias {
    std::string_view name;
    std::string_view type;
};

// cudf/types.hpp and cudf/utilities/span.hpp (rapidsai/cudf, 23.x to 25.x).
constexpr std::array kCudfAliases = {
    LibraryAlias{"size_type", "int32_t"},
    LibraryAlias{"thread_index_type", "int64_t"},
    LibraryAlias{"bitmask_type", "uint32_t"},
};

}  // namespace

void add_library_aliases(std::string_view text, TypeAliases& aliases) {
    if (!text_contains(text, "cudf")) return;
    for (const auto& alias : kCudfAliases)
        if (!aliases.contains(alias.name))
            aliases.add(std::string(alias.name), std::string(alias.type));
}

}  // namespace patchbay
