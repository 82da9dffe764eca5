#include "config/config_keys.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>

#include "config/toml_text.hpp"

namespace patchbay {

namespace {

namespace fs = std::filesystem;

// clang-format off
const std::array<ConfigKey, 20> kKeys = {{
    {"upstream.path", KeyType::path, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.upstream_path; }),
     "--pristine", "pristine upstream: a git checkout or a directory", "PATH"},
    {"upstream.rev", KeyType::text, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.rev; }),
     "--rev", "git revision of the upstream the series targets", "REV"},
    {"upstream.directory", KeyType::text, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.directory; }),
     "--directory", "patch paths are relative to this subdirectory", "DIR"},
    {"upstream.manifest", KeyType::path, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.manifest; }),
     "--manifest", "RECORD or sha256sum file proving a directory pristine", "FILE"},
    {"series.file", KeyType::path, "\"patches/series\"", ConfigField<std::string>([](Config& c) -> std::string& { return c.series_file; }),
     "--series", "the quilt series file", "FILE"},
    {"series.strip", KeyType::count, "1", ConfigField<int>([](Config& c) -> int& { return c.strip; }),
     "--strip,-p", "strip this many leading path components (default 1)", "N"},
    {"series.fuzz", KeyType::count, "0", ConfigField<int>([](Config& c) -> int& { return c.fuzz; }),
     "--fuzz,-F", "most fuzz a hunk may need (default 0)", "N"},
    {"series.skip", KeyType::compound, "", std::monostate{}, "", "", ""},
    {"series.strict", KeyType::boolean, "false", ConfigField<bool>([](Config& c) -> bool& { return c.strict; }),
     "", "", ""},
    {"series.warn", KeyType::text_list, "[]", ConfigField<std::vector<std::string>>([](Config& c) -> std::vector<std::string>& { return c.warn; }),
     "", "", ""},
    {"series.fail", KeyType::text_list, "[]", ConfigField<std::vector<std::string>>([](Config& c) -> std::vector<std::string>& { return c.fail; }),
     "", "", ""},
    {"audit.include", KeyType::text_list, R"(["**/*.py", "**/*.cu", "**/*.cuh", "**/*.hip"])",
     ConfigField<std::vector<std::string>>([](Config& c) -> std::vector<std::string>& { return c.audit.include; }), "", "", ""},
    {"audit.index_tables", KeyType::text_list,
     R"(["block_table*", "block_tables*", "req_to_token*", "page_table*", "slot_mapping*"])",
     ConfigField<std::vector<std::string>>([](Config& c) -> std::vector<std::string>& { return c.audit.index_tables; }), "", "", ""},
    {"audit.geometry", KeyType::compound, "", std::monostate{}, "", "", ""},
    {"audit.max_elements", KeyType::count, "0", ConfigField<std::int64_t>([](Config& c) -> std::int64_t& { return c.audit.max_elements; }), "", "", ""},
    {"audit.env.registry", KeyType::text, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.audit.env_registry; }), "", "", ""},
    {"audit.env.table", KeyType::text, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.audit.env_table; }), "", "", ""},
    {"audit.env.prefix", KeyType::text, "", ConfigField<std::string>([](Config& c) -> std::string& { return c.audit.env_prefix; }), "", "", ""},
    {"audit.env.allow", KeyType::text_list, "", ConfigField<std::vector<std::string>>([](Config& c) -> std::vector<std::string>& { return c.audit.env_allow; }), "", "", ""},
    {"repro", KeyType::compound, "", std::monostate{}, "", "", ""},
}};

// The members of the compound keys above, under their key's name.
const std::array<ConfigMember, 13> kMembers = {{
    {"series.skip.patch", KeyType::text, "", true},
    {"series.skip.reason", KeyType::text, "", true},
    {"audit.geometry.block_size", KeyType::count, "", true},
    {"audit.geometry.kv_heads", KeyType::count, "", true},
    {"audit.geometry.head_dim", KeyType::count, "", true},
    {"audit.geometry.dtype_bytes", KeyType::count, "", true},
    {"repro.name", KeyType::text, "", true},
    {"repro.sources", KeyType::text_list, "[]", false},
    {"repro.include", KeyType::text_list, "[]", false},
    {"repro.command", KeyType::text_list, "[]", false},
    {"repro.gpu_memory", KeyType::text, "\"\"", false},
    {"repro.timeout", KeyType::count, "300", false},
    {"repro.env", KeyType::compound, "", false},
}};
// clang-format on

Result<int> parse_count(const ConfigKey& key, const std::string& text) {
    int value = 0;
    const char* end = text.data() + text.size();
    auto [stop, code] = std::from_chars(text.data(), end, value);
    if (code != std::errc() || stop != end || value < 0)
        return make_error(std::string(long_flag(key)) + " must be a non-negative integer, not '" +
                          text + "'");
    return value;
}

// A path given on the command line is relative to the current folder, while the config's
// paths are relative to the config's folder: make it absolute when the two differ.
std::string flag_path(const Config& config, const std::string& path, const fs::path& cwd) {
    fs::path p(path);
    if (p.is_absolute() || config.base_dir == cwd) return path;
    return (cwd / p).lexically_normal().string();
}

Status apply_flag_value(Config& config, const ConfigKey& key, const std::string& value,
                        const fs::path& cwd) {
    if (auto* count = std::get_if<ConfigField<int>>(&key.target)) {
        auto parsed = parse_count(key, value);
        if (!parsed) return parsed.error();
        (*count)(config) = *parsed;
    } else if (auto* text = std::get_if<ConfigField<std::string>>(&key.target)) {
        (*text)(config) = key.type == KeyType::path ? flag_path(config, value, cwd) : value;
    } else {
        return make_error(std::string(key.name) + " cannot be set from the command line");
    }
    config.origin[std::string(key.name)] = std::string(long_flag(key));
    return Ok{};
}

std::string list_text(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i > 0 ? ", " : "") + toml_quoted(items[i]);
    return out + "]";
}

std::string entries_text(std::size_t count) {
    return std::to_string(count) + (count == 1 ? " entry" : " entries");
}

std::string compound_text(const Config& config, std::string_view name) {
    if (name == "series.skip") return entries_text(config.skip.size());
    if (name == "repro") return entries_text(config.repro.size());
    if (!config.audit.geometry) return "none";
    const auto& g = *config.audit.geometry;
    const std::array<std::int64_t, 4> values = {g.block_size, g.kv_heads, g.head_dim,
                                                g.dtype_bytes};
    const auto names = member_names("audit.geometry");
    std::string out = "{ ";
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
        out += (i > 0 ? ", " : "") + std::string(names[i]) + " = " + std::to_string(values[i]);
    return out + " }";
}

}  // namespace

std::string value_text(const Config& config, const ConfigKey& key) {
    Config& values = const_cast<Config&>(config);  // the fields are only read
    if (auto* text = std::get_if<ConfigField<std::string>>(&key.target))
        return toml_quoted((*text)(values));
    if (auto* flag = std::get_if<ConfigField<bool>>(&key.target))
        return (*flag)(values) ? "true" : "false";
    if (auto* count = std::get_if<ConfigField<int>>(&key.target))
        return std::to_string((*count)(values));
    if (auto* wide = std::get_if<ConfigField<std::int64_t>>(&key.target))
        return std::to_string((*wide)(values));
    if (auto* list = std::get_if<ConfigField<std::vector<std::string>>>(&key.target))
        return list_text((*list)(values));
    return compound_text(config, key.name);
}

std::span<const ConfigKey> config_keys() {
    return kKeys;
}

const ConfigKey* find_config_key(std::string_view name) {
    auto found = std::find_if(kKeys.begin(), kKeys.end(),
                              [&](const ConfigKey& key) { return key.name == name; });
    return found == kKeys.end() ? nullptr : &*found;
}

std::span<const ConfigMember> config_members() {
    return kMembers;
}

std::vector<std::string_view> member_names(std::string_view compound) {
    std::vector<std::string_view> names;
    for (const auto& member : kMembers) {
        const auto dot = member.name.rfind('.');
        if (member.name.substr(0, dot) == compound) names.push_back(member.name.substr(dot + 1));
    }
    return names;
}

std::string_view default_text(std::string_view name) {
    if (const ConfigKey* key = find_config_key(name)) return key->default_value;
    auto member = std::find_if(kMembers.begin(), kMembers.end(),
                               [&](const ConfigMember& m) { return m.name == name; });
    return member == kMembers.end() ? std::string_view() : member->default_value;
}

std::string_view long_flag(const ConfigKey& key) {
    return key.flag.substr(0, key.flag.find(','));
}

std::vector<std::string> config_tables() {
    std::vector<std::string> tables;
    for (const auto& key : kKeys) {
        const auto dot = key.name.rfind('.');
        if (dot == std::string_view::npos) continue;
        std::string table(key.name.substr(0, dot));
        if (std::find(tables.begin(), tables.end(), table) == tables.end()) tables.push_back(table);
    }
    return tables;
}

Status apply_flag_values(Config& config, const std::map<std::string, std::string>& values,
                         const fs::path& cwd) {
    for (const auto& [name, value] : values) {
        if (value.empty()) continue;  // the flag was not given
        const ConfigKey* key = find_config_key(name);
        if (!key) return make_error("no configuration key '" + name + "'");
        if (auto applied = apply_flag_value(config, *key, value, cwd); !applied) return applied;
    }
    return Ok{};
}

}  // namespace patchbay
