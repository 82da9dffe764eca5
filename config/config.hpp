#pragma once
// patchbay.toml (docs/ARCHITECTURE.md §3): every known key, its value, and where the value
// came from.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

// The default of a key or member of the key table (config/config_keys.cpp), for the member
// initialisers below: a struct built in code holds the same defaults as a parsed patchbay.toml.
std::vector<std::string> default_text_list(std::string_view key);
std::int64_t default_count(std::string_view key);
std::string default_string(std::string_view key);

struct SkipRule {
    std::string patch;
    std::string reason;
    std::int64_t line = 0;  // line in the config file
};

struct AuditGeometry {
    std::int64_t block_size = 0, kv_heads = 0, head_dim = 0, dtype_bytes = 0;
};

struct AuditConfig {
    std::vector<std::string> include = default_text_list("audit.include");
    std::vector<std::string> index_tables = default_text_list("audit.index_tables");
    std::optional<AuditGeometry> geometry;
    // The most elements a tensor indexed by the kernel's own ids may hold (activations and
    // outputs; pools indexed by read block ids are the geometry's); 0: not said. A product of
    // the kernel's ids with a runtime stride wraps only past 2^31 elements: this decides whether
    // it is an error (reached), a note (not reached) or a warning (not said).
    std::int64_t max_elements = default_count("audit.max_elements");
    std::string env_registry;            // [audit.env] registry
    std::string env_table;               // [audit.env] table
    std::string env_prefix;              // [audit.env] prefix
    std::vector<std::string> env_allow;  // [audit.env] allow
};

struct ReproConfig {
    std::string name;
    std::vector<std::string> sources;
    std::vector<std::string> include;
    std::vector<std::string> command;
    std::string gpu_memory;
    std::int64_t timeout = default_count("repro.timeout");
    std::map<std::string, std::string> env;
    std::int64_t line = 0;
};

// The values of patchbay.toml's keys. Their defaults, types and flags are in the key table
// (config/config_keys.hpp); parse_config() and default_config() start from those defaults, and
// the member initialisers take them from the table too, so `Config{}` holds them.
struct Config {
    std::filesystem::path file;      // the patchbay.toml read; empty when none
    std::string file_sha256;         // of the text parsed from `file`; empty when none
    std::filesystem::path base_dir;  // relative paths below are relative to this folder

    // [upstream]
    std::string upstream_path;
    std::string rev;        // empty: HEAD of a git checkout, or a plain directory
    std::string directory;  // patch paths are relative to this subdirectory
    std::string manifest;   // optional RECORD / sha256sum file proving the tree pristine

    // [series]
    std::string series_file = default_string("series.file");
    int strip = static_cast<int>(default_count("series.strip"));
    int fuzz = static_cast<int>(default_count("series.fuzz"));
    std::vector<SkipRule> skip;
    bool strict = false;            // every finding fails, warnings included
    std::vector<std::string> warn;  // finding kinds that only warn
    std::vector<std::string> fail;  // finding kinds that fail the run

    AuditConfig audit;
    std::vector<ReproConfig> repro;

    // Key ("series.fuzz") -> where its value came from: "patchbay.toml:7", "default", "--fuzz".
    std::map<std::string, std::string> origin;

    std::filesystem::path resolve(const std::string& relative) const;  // against base_dir
};

// Parses `text` as patchbay.toml found at `file`. Unknown keys and wrong types are Errors that
// name the file, the line and the key.
Result<Config> parse_config(std::string_view text, const std::filesystem::path& file);

// Reads `file` and parses it.
Result<Config> load_config(const std::filesystem::path& file);

// patchbay.toml in `start` or the nearest parent folder that has one; nullopt when none.
std::optional<std::filesystem::path> find_config(const std::filesystem::path& start);

// The configuration used when there is no patchbay.toml: defaults, base_dir = `cwd`.
Config default_config(const std::filesystem::path& cwd);

}  // namespace patchbay
