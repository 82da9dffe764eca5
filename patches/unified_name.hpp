#pragma once
// The name field of a "--- " / "+++ " line: a name, maybe quoted, maybe followed by a timestamp
// (after a TAB, or after spaces in the style of `diff -u`).

#include <string>
#include <string_view>

namespace patchbay {

struct UnifiedName {
    std::string name;
    bool has_timestamp = false;
    // GNU patch's convention: the epoch on the old side means "create", on the new side "remove".
    bool epoch = false;
    // An unquoted name with a space and no TAB after it: read whole here, where GNU patch reads
    // it only up to its first space ("b/Core and Builtins/x.rst" is "b/Core" to GNU patch).
    bool spaced = false;
};

// `field` is the line after "--- " or "+++ ", without its terminator.
UnifiedName parse_unified_name(std::string_view field);

// "2024-01-31 10:00:00.000000000 +0100" or "Thu Jan  1 00:00:00 1970" at 1970-01-01 00:00:00 UTC.
bool is_epoch_timestamp(std::string_view timestamp);

}  // namespace patchbay
