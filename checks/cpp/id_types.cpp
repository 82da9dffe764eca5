#include "checks/cpp/id_types.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "checks/token.hpp"

namespace patchbay {

// A walk over the names, most of them told apart by their length: a std::set compared bytes
// at every level and was most of the cost of unseen_type_holds_ids.
bool is_non_integer_type(std::string_view type) {
    static constexpr std::array<std::string_view, 19> kNames = {
        "float",         "double",         "half",     "half2",  "bool",   "void",   "auto",
        "nv_bfloat16",   "nv_bfloat162",   "bfloat16", "bf16",   "fp16",   "__half", "__half2",
        "__nv_bfloat16", "__nv_bfloat162", "float2",   "float4", "double2"};
    return one_of(type, kNames) || type.find("fp8") != std::string_view::npos ||
           type.find("float") != std::string_view::npos;
}

namespace {

// std::tolower as it is in the "C" locale the tool runs in (it never sets another), without a
// library call for each byte.
char lower_ascii(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `type` has an `id` or an `in` in any case: every id spelling below has one (`index`
// the second), and most unseen types (`scalar_t`, `T`, `DTypeKV`) have neither, so they need no
// lowered copy and no searches.
bool may_spell_id(std::string_view type) {
    for (std::size_t i = 0; i + 1 < type.size(); ++i) {
        if (lower_ascii(type[i]) != 'i') continue;
        const char next = lower_ascii(type[i + 1]);
        if (next == 'd' || next == 'n') return true;
    }
    return false;
}

}  // namespace

bool unseen_type_holds_ids(std::string_view type) {
    if (type.empty()) return true;
    if (is_non_integer_type(type) || !may_spell_id(type)) return false;
    // Sized once: appended byte by byte, the string tested its room for each.
    std::string lower(type.size(), '\0');
    std::transform(type.begin(), type.end(), lower.begin(), lower_ascii);
    return lower.starts_with("id") || lower.find("idtype") != std::string::npos ||
           lower.find("idx") != std::string::npos || lower.find("index") != std::string::npos ||
           lower.ends_with("_id") || lower.ends_with("id_t");
}

bool names_a_size(std::string_view name) {
    std::string lower(name.size(), '\0');
    std::transform(name.begin(), name.end(), lower.begin(), lower_ascii);
    static constexpr std::array<std::string_view, 6> kParts = {"len", "size", "stride",
                                                               "dim", "num_", "count"};
    return std::ranges::any_of(
        kParts, [&](std::string_view part) { return lower.find(part) != std::string::npos; });
}

bool is_byte_type(std::string_view type) {
    static const std::set<std::string_view> kNames = {"char",   "unsigned char", "signed char",
                                                      "int8_t", "uint8_t",       "uchar"};
    return kNames.count(type) > 0;
}

}  // namespace patchbay
