#include "config/config.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "config/config_keys.hpp"

namespace patchbay {
namespace {

std::int64_t line_of(const toml::node& node) {
    return static_cast<std::int64_t>(node.source().begin.line);
}

std::string join_key(const std::string& prefix, std::string_view key) {
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
}

std::string quoted(const std::string& key) {
    return "'" + key + "'";
}

// The names directly inside `table` ("" for the document) that the key table knows: leaf keys,
// compound keys, and the tables between.
std::vector<std::string> known_names(const std::string& table) {
    std::vector<std::string> names;
    const std::string prefix = table.empty() ? "" : table + ".";
    for (const auto& key : config_keys()) {
        if (key.name.substr(0, prefix.size()) != prefix) continue;
        std::string rest(key.name.substr(prefix.size()));
        std::string name = rest.substr(0, rest.find('.'));
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

// Walks the parsed document, copying each key of the key table (config/config_keys.hpp) into
// Config and collecting an Error for every unknown key, wrong type or bad value (the earliest
// one is reported).
class ConfigReader {
  public:
    ConfigReader(Config& config, std::string error_file, std::string origin_file)
        : config_(config),
          error_file_(std::move(error_file)),
          origin_file_(std::move(origin_file)) {}

    void read(const toml::table& root) {
        reject_unknown(root, "");
        for (const auto& table : config_tables()) {
            const toml::table* node = table_at_path(root, table);
            if (node) reject_unknown(*node, table);
        }
        for (const auto& key : config_keys()) read_key(root, key);
    }

    // A key's default, written as TOML in the key table.
    void read_default(const ConfigKey& key, const toml::node& node) { read_leaf(key, node); }

    std::optional<Error> earliest_error() const {
        if (errors_.empty()) return std::nullopt;
        return *std::min_element(errors_.begin(), errors_.end(),
                                 [](const Error& a, const Error& b) { return a.line < b.line; });
    }

  private:
    // The table at a dotted path, or nullptr; a non-table on the way is an error.
    const toml::table* table_at_path(const toml::table& root, const std::string& dotted) {
        const toml::table* table = &root;
        std::string prefix;
        for (std::size_t start = 0; table && start <= dotted.size();) {
            const auto dot = std::min(dotted.find('.', start), dotted.size());
            const std::string part = dotted.substr(start, dot - start);
            table = table_at(*table, part, prefix);
            prefix = join_key(prefix, part);
            start = dot + 1;
        }
        return table;
    }

    void read_key(const toml::table& root, const ConfigKey& key) {
        const std::string name(key.name);
        const auto dot = name.rfind('.');
        const std::string table = dot == std::string::npos ? "" : name.substr(0, dot);
        const std::string leaf = dot == std::string::npos ? name : name.substr(dot + 1);
        const toml::table* parent = table.empty() ? &root : find_table(root, table);
        if (!parent) return;
        const toml::node* node = parent->get(leaf);
        if (!node) return;
        if (key.type == KeyType::compound) return read_compound(name, *node);
        read_leaf(key, *node);
    }

    // The table at a dotted path without reporting (table_at_path reported already).
    static const toml::table* find_table(const toml::table& root, const std::string& dotted) {
        const toml::node* node = root.at_path(dotted).node();
        return node ? node->as_table() : nullptr;
    }

    void read_leaf(const ConfigKey& key, const toml::node& node) {
        const std::string name(key.name);
        bool read = false;
        if (auto* text = std::get_if<ConfigField<std::string>>(&key.target))
            read = read_string(node, name, (*text)(config_));
        else if (auto* flag = std::get_if<ConfigField<bool>>(&key.target))
            read = read_bool(node, name, (*flag)(config_));
        else if (auto* count = std::get_if<ConfigField<int>>(&key.target))
            read = read_count(node, name, (*count)(config_));
        else if (auto* wide = std::get_if<ConfigField<std::int64_t>>(&key.target))
            read = read_integer(node, name, 0, (*wide)(config_));
        else if (auto* list = std::get_if<ConfigField<std::vector<std::string>>>(&key.target))
            read = read_strings(node, name, (*list)(config_));
        if (read) note_origin(name, node);
    }

    void read_compound(const std::string& name, const toml::node& node) {
        if (name == "series.skip") return read_skips(node);
        if (name == "repro") return read_repros(node);
        if (name != "audit.geometry") return;
        if (!node.is_table()) return fail(node, quoted(name) + " must be a table");
        read_geometry(*node.as_table());
    }

    void read_skips(const toml::node& node) {
        const toml::array* array = node.as_array();
        if (!array) return fail(node, "'series.skip' must be an array of tables");
        note_origin("series.skip", node);
        for (std::size_t i = 0; i < array->size(); ++i) {
            const std::string key = "series.skip[" + std::to_string(i) + "]";
            const toml::table* entry = (*array)[i].as_table();
            if (!entry) fail((*array)[i], quoted(key) + " must be a table {patch, reason}");
            if (entry) read_skip(*entry, key);
        }
    }

    void read_skip(const toml::table& entry, const std::string& key) {
        reject_unknown(entry, key, member_names("series.skip"));
        SkipRule rule;
        rule.line = line_of(entry);
        if (!read_string(entry, key, "patch", rule.patch) || rule.patch.empty()) {
            return fail(entry, quoted(key) + " needs a 'patch'");
        }
        if (!read_string(entry, key, "reason", rule.reason) || rule.reason.empty()) {
            return fail(entry, "skip of '" + rule.patch + "' needs a 'reason'");
        }
        config_.skip.push_back(std::move(rule));
    }

    void read_geometry(const toml::table& table) {
        const std::string key = "audit.geometry";
        reject_unknown(table, key, member_names(key));
        AuditGeometry geometry;
        bool complete = read_positive(table, key, "block_size", geometry.block_size);
        complete = read_positive(table, key, "kv_heads", geometry.kv_heads) && complete;
        complete = read_positive(table, key, "head_dim", geometry.head_dim) && complete;
        complete = read_positive(table, key, "dtype_bytes", geometry.dtype_bytes) && complete;
        if (complete) config_.audit.geometry = geometry;
        note_origin(key, table);
    }

    void read_repros(const toml::node& node) {
        const toml::array* array = node.as_array();
        if (!array) return fail(node, "'repro' must be an array of tables ([[repro]])");
        note_origin("repro", node);
        for (std::size_t i = 0; i < array->size(); ++i) {
            const std::string key = "repro[" + std::to_string(i) + "]";
            const toml::table* entry = (*array)[i].as_table();
            if (!entry) fail((*array)[i], quoted(key) + " must be a table");
            if (entry) read_repro(*entry, key);
        }
    }

    void read_repro(const toml::table& table, const std::string& key) {
        reject_unknown(table, key, member_names("repro"));
        ReproConfig repro;
        repro.line = line_of(table);
        if (!read_string(table, key, "name", repro.name) || repro.name.empty()) {
            return fail(table, quoted(key) + " needs a 'name'");
        }
        if (has_repro_named(repro.name))
            return fail(table, "two repros named '" + repro.name + "'");
        read_strings(table, key, "sources", repro.sources);
        read_strings(table, key, "include", repro.include);
        read_strings(table, key, "command", repro.command);
        read_string(table, key, "gpu_memory", repro.gpu_memory);
        read_integer(table, key, "timeout", 1, repro.timeout);
        if (auto* env = table_at(table, "env", key)) read_string_map(*env, key + ".env", repro.env);
        config_.repro.push_back(std::move(repro));
    }

    bool has_repro_named(const std::string& name) const {
        return std::any_of(config_.repro.begin(), config_.repro.end(),
                           [&](const ReproConfig& repro) { return repro.name == name; });
    }

    void read_string_map(const toml::table& table, const std::string& key,
                         std::map<std::string, std::string>& out) {
        for (auto&& [name, node] : table) {
            const std::string entry_key = join_key(key, name.str());
            std::string value;
            if (read_string(node, entry_key, value)) out[std::string(name.str())] = value;
        }
    }

    // Primitives: each returns whether `key` was present with the right type.

    const toml::table* table_at(const toml::table& parent, std::string_view key,
                                const std::string& prefix) {
        const toml::node* node = parent.get(key);
        if (!node) return nullptr;
        if (!node->is_table()) fail(*node, quoted(join_key(prefix, key)) + " must be a table");
        return node->as_table();
    }

    // Node readers: each checks the type, reports a wrong one, and returns whether it read.

    bool read_string(const toml::node& node, const std::string& dotted, std::string& out) {
        if (!node.is_string()) return fail(node, quoted(dotted) + " must be a string"), false;
        return holds_no_nul(node, dotted) && (out = node.as_string()->get(), true);
    }

    // TOML's \u0000 puts a NUL in a string; a path or a command argument ends at the first
    // one, so the value would be used cut short. Refused instead.
    bool holds_no_nul(const toml::node& node, const std::string& dotted) {
        if (node.as_string()->get().find('\0') == std::string::npos) return true;
        fail(node, quoted(dotted) +
                       " holds a NUL character (\\u0000), which no path, name "
                       "or command argument can contain");
        return false;
    }

    bool read_bool(const toml::node& node, const std::string& dotted, bool& out) {
        if (!node.is_boolean()) return fail(node, quoted(dotted) + " must be true or false"), false;
        out = node.as_boolean()->get();
        return true;
    }

    bool read_strings(const toml::node& node, const std::string& dotted,
                      std::vector<std::string>& out) {
        const toml::array* array = node.as_array();
        if (!array || !array->is_homogeneous(toml::node_type::string)) {
            return fail(node, quoted(dotted) + " must be an array of strings"), false;
        }
        for (const toml::node& item : *array)
            if (!holds_no_nul(item, dotted)) return false;
        out.clear();
        for (const toml::node& item : *array) out.push_back(item.as_string()->get());
        return true;
    }

    bool read_integer(const toml::node& node, const std::string& dotted, std::int64_t minimum,
                      std::int64_t& out) {
        if (!node.is_integer()) return fail(node, quoted(dotted) + " must be an integer"), false;
        const std::int64_t value = node.as_integer()->get();
        if (value < minimum) {
            const char* rule = minimum == 0 ? " must not be negative" : " must be positive";
            return fail(node, quoted(dotted) + rule), false;
        }
        out = value;
        return true;
    }

    bool read_count(const toml::node& node, const std::string& dotted, int& out) {
        std::int64_t value = 0;
        if (!read_integer(node, dotted, 0, value)) return false;
        if (value > INT_MAX) return fail(node, quoted(dotted) + " is too large"), false;
        out = static_cast<int>(value);
        return true;
    }

    // Table readers for the entries of compound keys: whether `key` was present and read.

    bool read_string(const toml::table& table, const std::string& prefix, std::string_view key,
                     std::string& out) {
        const toml::node* node = table.get(key);
        return node && read_string(*node, join_key(prefix, key), out);
    }

    bool read_strings(const toml::table& table, const std::string& prefix, std::string_view key,
                      std::vector<std::string>& out) {
        const toml::node* node = table.get(key);
        return node && read_strings(*node, join_key(prefix, key), out);
    }

    bool read_integer(const toml::table& table, const std::string& prefix, std::string_view key,
                      std::int64_t minimum, std::int64_t& out) {
        const toml::node* node = table.get(key);
        return node && read_integer(*node, join_key(prefix, key), minimum, out);
    }

    bool read_positive(const toml::table& table, const std::string& prefix, std::string_view key,
                       std::int64_t& out) {
        if (table.get(key)) return read_integer(table, prefix, key, 1, out);
        fail(table, quoted(join_key(prefix, key)) + " is missing");
        return false;
    }

    void reject_unknown(const toml::table& table, const std::string& prefix,
                        const std::vector<std::string_view>& known) {
        for (auto&& [key, node] : table) {
            if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
            fail(node, "unknown key " + quoted(join_key(prefix, key.str())));
        }
    }

    // Against the key table: the names it knows inside `prefix`.
    void reject_unknown(const toml::table& table, const std::string& prefix) {
        const auto known = known_names(prefix);
        for (auto&& [key, node] : table) {
            if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
            fail(node, "unknown key " + quoted(join_key(prefix, key.str())));
        }
    }

    void note_origin(const std::string& key, const toml::node& node) {
        config_.origin[key] = origin_file_ + ":" + std::to_string(line_of(node));
    }

    void fail(const toml::node& node, std::string message) {
        errors_.push_back(make_error(error_file_, line_of(node), std::move(message)));
    }

    Config& config_;
    std::string error_file_;
    std::string origin_file_;
    std::vector<Error> errors_;
};

// A default as TOML writes it, parsed ("value = <text>"); an empty table for none.
toml::table parsed_default(std::string_view key) {
    const auto text = default_text(key);
    if (text.empty()) return {};
    return toml::parse("value = " + std::string(text));
}

// Every key of the table, at its default; each value's origin is "default" until the file or a
// flag sets it.
void apply_defaults(Config& config) {
    ConfigReader reader(config, "(defaults)", "default");
    for (const auto& key : config_keys()) {
        if (!key.default_value.empty()) {
            const toml::table parsed = parsed_default(key.name);
            reader.read_default(key, *parsed.get("value"));
        }
        config.origin[std::string(key.name)] = "default";
    }
}

Result<toml::table> parse_toml(std::string_view text, const std::string& file) {
    try {
        return toml::parse(text, file);
    } catch (const toml::parse_error& error) {
        const auto line = static_cast<std::int64_t>(error.source().begin.line);
        return make_error(file, line, std::string(error.description()));
    }
}

}  // namespace

std::vector<std::string> default_text_list(std::string_view key) {
    std::vector<std::string> items;
    const toml::table parsed = parsed_default(key);
    if (const auto* array = parsed["value"].as_array())
        for (const toml::node& item : *array)
            if (const auto* text = item.as_string()) items.push_back(text->get());
    return items;
}

std::string default_string(std::string_view key) {
    const toml::table parsed = parsed_default(key);
    return parsed["value"].value_or<std::string>("");
}

std::int64_t default_count(std::string_view key) {
    const toml::table parsed = parsed_default(key);
    return parsed["value"].value_or<std::int64_t>(0);
}

std::filesystem::path Config::resolve(const std::string& relative) const {
    const std::filesystem::path path(relative);
    if (path.is_absolute()) return path;
    return base_dir / path;
}

Result<Config> parse_config(std::string_view text, const std::filesystem::path& file) {
    auto table = parse_toml(text, file.string());
    if (!table) return table.error();
    Config config;
    apply_defaults(config);
    config.file = file;
    config.base_dir = file.parent_path();
    ConfigReader reader(config, file.string(), file.filename().string());
    reader.read(table.value());
    if (auto error = reader.earliest_error()) return *error;
    return config;
}

Result<Config> load_config(const std::filesystem::path& file) {
    auto text = read_file(file);
    if (!text) return text.error();
    auto config = parse_config(text.value(), file);
    if (config) config->file_sha256 = sha256_hex(*text);
    return config;
}

std::optional<std::filesystem::path> find_config(const std::filesystem::path& start) {
    std::error_code ec;
    std::filesystem::path folder = std::filesystem::absolute(start, ec).lexically_normal();
    if (ec) return std::nullopt;
    while (true) {
        const std::filesystem::path candidate = folder / "patchbay.toml";
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
        if (!folder.has_relative_path()) return std::nullopt;
        folder = folder.parent_path();
    }
}

Config default_config(const std::filesystem::path& cwd) {
    Config config;
    apply_defaults(config);
    config.base_dir = cwd;
    return config;
}

}  // namespace patchbay
