#pragma once
// The environment-variable registry of the audited tree (docs/ARCHITECTURE.md §5): the string keys
// of the dict literal assigned at module level to `[audit.env] table` in the file `[audit.env]
// registry`.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "checks/source_file.hpp"
#include "config/config.hpp"

namespace patchbay {

struct EnvRegistry {
    std::string path;             // the registry file, relative to the tree root
    std::string table;            // the dict's name
    std::int64_t table_line = 0;  // where the dict is assigned; 0 when the file has no such dict
    std::set<std::string> names;  // its top-level string keys

    bool has(std::string_view name) const { return names.count(std::string(name)) != 0; }
    // "vllm/envs.py" -> "vllm.envs": the module code should read the variables through.
    std::string module() const;
};

// The keys of the top-level `table = {…}` (or `table: T = {…}`) in Python source `text`;
// table_line stays 0 when there is none.
EnvRegistry parse_env_registry(std::string_view text, std::string_view table);

// nullopt when the env rules are off: no registry or no prefix configured, or the registry file
// is not part of `tree`.
std::optional<EnvRegistry> load_env_registry(const AuditTree& tree, const AuditConfig& config);

}  // namespace patchbay
