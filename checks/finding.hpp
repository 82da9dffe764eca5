#pragma once
// A finding of the audit: a value, never printed by the rule that made it (docs/ARCHITECTURE.md
// §5).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace patchbay {

enum class Severity { error, warning, note };
const char* to_string(Severity severity);

struct RelatedLocation {
    std::string path;
    std::int64_t line = 0;
    std::int64_t column = 0;
    std::string message;  // e.g. "block id loaded from block_table_ptr here"
};

// Where a 32-bit block-id x stride product first overflows, for the configured KV geometry.
struct Reach {
    std::int64_t stride_elements = 0;  // block_size * kv_heads * head_dim
    std::int64_t first_block = 0;      // ceil(2^31 / stride) - 1
    double pool_gib = 0;               // K and V pools holding blocks 0..first_block
};

// The inline comment that silenced a finding; kept so a reviewer can audit it.
struct FindingSuppression {
    std::int64_t line = 0;  // of the comment
    std::string reason;
};

struct Finding {
    std::string rule;  // kebab-case rule id
    Severity severity = Severity::warning;
    std::string path;
    std::int64_t line = 0;    // 1-based
    std::int64_t column = 0;  // 1-based
    std::string message;
    std::vector<RelatedLocation> related;
    std::string fix_hint;
    std::optional<Reach> reach;
    std::string source_line;  // the flagged line's text, for output and for matching base/head
    bool is_new = false;      // set by the scoping: exists at head and not at base
    // In series modes, when a patch added the line (or, failing that, the line of a related
    // location): that series entry, its file as annotations name it, and the line of that file
    // that adds it (docs/ARCHITECTURE.md §5). Empty and 0 when upstream has the line.
    std::string patch;
    std::string patch_file;
    std::int64_t patch_line = 0;
    std::optional<FindingSuppression> suppression;  // set when an inline comment silenced it
};

}  // namespace patchbay
