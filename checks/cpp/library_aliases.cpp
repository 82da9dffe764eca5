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

bool includes_cudf(std::span<const Token> tokens) {
    for (const Token& t : tokens) {
        if (t.kind != TokenKind::directive) return false;
        if (text_contains(t.text, "cudf")) return true;
    }
    return false;
}

}  // namespace

void add_library_aliases(std::span<const Token> tokens, TypeAliases& aliases) {
    if (!includes_cudf(tokens)) return;
    for (const auto& alias : kCudfAliases)
        if (!aliases.contains(alias.name))
            aliases.add(std::string(alias.name), std::string(alias.type));
}

}  // namespace patchbay
