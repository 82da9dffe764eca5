#pragma once
// The one table of patchbay.toml's keys. Each row names a key, its type, its default (as TOML
// would write it), the field of Config it fills and the command-line flag that overrides it.
// The TOML reader, the defaults, the origins and the flag overrides all read this table, so a
// new key is one row here and one field in Config.

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/result.hpp"
#include "config/config.hpp"

namespace patchbay {

enum class KeyType {
    text,       // a string
    path,       // a string naming a file or folder, relative to the config's folder
    boolean,    // true or false
    count,      // a non-negative integer
    text_list,  // an array of strings
    compound,   // a table or an array of tables, read by a reader of its own
};

template <class T>
using ConfigField = T& (*)(Config&);
using KeyTarget =
    std::variant<std::monostate, ConfigField<std::string>, ConfigField<bool>, ConfigField<int>,
                 ConfigField<std::int64_t>, ConfigField<std::vector<std::string>>>;

struct ConfigKey {
    std::string_view name;  // dotted: "series.fuzz"
    KeyType type;
    std::string_view default_value;  // TOML text ("0", "\"patches/series\"", "[…]"); "" = none
    KeyTarget target;                // std::monostate for compound keys
    std::string_view flag;           // CLI11 spelling ("--fuzz,-F"); "" = file only
    std::string_view help;           // one line, for --help
    std::string_view value_name;     // what the flag's value is, for --help: "N", "REV"
};

std::span<const ConfigKey> config_keys();

// A key inside the tables of a compound key ([[series.skip]], [audit.geometry], [[repro]]):
// the reader of that compound key takes its names, and the defaults, from here.
struct ConfigMember {
    std::string_view name;  // dotted, under its compound key: "repro.timeout"
    KeyType type;
    std::string_view default_value;  // TOML text; "" = none
    bool required;                   // an entry without it is an Error
};

std::span<const ConfigMember> config_members();

// The member names of compound key `compound` ("timeout" for "repro"), in table order.
std::vector<std::string_view> member_names(std::string_view compound);

// The default of a key or a member as TOML text ("" when it has none or is unknown).
std::string_view default_text(std::string_view name);

// The row of `name`; nullptr when patchbay.toml has no such key.
const ConfigKey* find_config_key(std::string_view name);

// The long flag of a row ("--fuzz" of "--fuzz,-F").
std::string_view long_flag(const ConfigKey& key);

// The tables that hold leaf keys, in order ("upstream", "series", "audit", "audit.env").
std::vector<std::string> config_tables();

// The value of `key` in `config` as TOML would write it ("0", "\"up\"", "[\"a\", \"b\"]"); a
// compound key's is a short summary ("2 entries", "none").
std::string value_text(const Config& config, const ConfigKey& key);

// Lays command-line values (dotted key -> the flag's text) over `config`, noting the flag as
// each value's origin. A path given on the command line is relative to `cwd`. A bad value is an
// Error naming the flag.
Status apply_flag_values(Config& config, const std::map<std::string, std::string>& values,
                         const std::filesystem::path& cwd);

}  // namespace patchbay
