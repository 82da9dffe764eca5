#include "series/config.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include "series/read_file.hpp"

namespace patchbay {
namespace {

using Keys = std::initializer_list<std::string_view>;

// Keys that always have an origin: the file's line when set, "default" otherwise.
const std::vector<std::string> kDefaultableKeys = {"upstream.path",
                                                   "upstream.rev",
                                                   "upstream.directory",
                                                   "upstream.manifest",
                                                   "series.file",
                                                   "series.strip",
                                                   "series.fuzz",
                                                   "series.skip",
                                                   "series.strict",
                                                   "series.warn",
                                                   "series.fail",
                                                   "audit.include",
                                                   "audit.index_tables",
                                                   "audit.geometry",
                                                   "audit.env.registry",
                                                   "audit.env.table",
                                                   "audit.env.prefix",
                                                   "audit.env.allow",
                                                   "repro"};

std::int64_t line_of(const toml::node& node) {
    return static_cast<std::int64_t>(node.source().begin.line);
}

std::string join_key(const std::string& prefix, std::string_view key) {
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
}

std::string quoted(const std::string& key) {
    return "'" + key + "'";
}

// Walks the parsed document, copying each known key into Config and collecting an Error for
// every unknown key, wrong type or bad value (the earliest one is reported).
class ConfigReader {
  public:
    ConfigReader(Config& config, std::string error_file, std::string origin_file)
        : config_(config),
          error_file_(std::move(error_file)),
          origin_file_(std::move(origin_file)) {}

    void read(const toml::table& root) {
        reject_unknown(root, "", {"upstream", "series", "audit", "repro"});
        if (auto* upstream = table_at(root, "upstream", "")) read_upstream(*upstream);
        if (auto* series = table_at(root, "series", "")) read_series(*series);
        if (auto* audit = table_at(root, "audit", "")) read_audit(*audit);
        if (auto* repro = root.get("repro")) read_repros(*repro);
    }

    std::optional<Error> earliest_error() const {
        if (errors_.empty()) return std::nullopt;
        return *std::min_element(errors_.begin(), errors_.end(),
                                 [](const Error& a, const Error& b) { return a.line < b.line; });
    }

  private:
    void read_upstream(const toml::table& table) {
        reject_unknown(table, "upstream", {"path", "rev", "directory", "manifest"});
        read_string(table, "upstream", "path", config_.upstream_path);
        read_string(table, "upstream", "rev", config_.rev);
        read_string(table, "upstream", "directory", config_.directory);
        read_string(table, "upstream", "manifest", config_.manifest);
    }

    void read_series(const toml::table& table) {
        reject_unknown(table, "series",
                       {"file", "strip", "fuzz", "skip", "strict", "warn", "fail"});
        read_string(table, "series", "file", config_.series_file);
        read_count(table, "series", "strip", config_.strip);
        read_count(table, "series", "fuzz", config_.fuzz);
        read_bool(table, "series", "strict", config_.strict);
        read_strings(table, "series", "warn", config_.warn);
        read_strings(table, "series", "fail", config_.fail);
        if (auto* skip = table.get("skip")) read_skips(*skip);
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
        reject_unknown(entry, key, {"patch", "reason"});
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

    void read_audit(const toml::table& table) {
        reject_unknown(table, "audit", {"include", "index_tables", "geometry", "env"});
        read_strings(table, "audit", "include", config_.audit.include);
        read_strings(table, "audit", "index_tables", config_.audit.index_tables);
        if (auto* geometry = table_at(table, "geometry", "audit")) read_geometry(*geometry);
        if (auto* env = table_at(table, "env", "audit")) read_audit_env(*env);
    }

    void read_geometry(const toml::table& table) {
        const std::string key = "audit.geometry";
        reject_unknown(table, key, {"block_size", "kv_heads", "head_dim", "dtype_bytes"});
        AuditGeometry geometry;
        bool complete = read_positive(table, key, "block_size", geometry.block_size);
        complete = read_positive(table, key, "kv_heads", geometry.kv_heads) && complete;
        complete = read_positive(table, key, "head_dim", geometry.head_dim) && complete;
        complete = read_positive(table, key, "dtype_bytes", geometry.dtype_bytes) && complete;
        if (complete) config_.audit.geometry = geometry;
        note_origin(key, table);
    }

    void read_audit_env(const toml::table& table) {
        reject_unknown(table, "audit.env", {"registry", "table", "prefix", "allow"});
        read_string(table, "audit.env", "registry", config_.audit.env_registry);
        read_string(table, "audit.env", "table", config_.audit.env_table);
        read_string(table, "audit.env", "prefix", config_.audit.env_prefix);
        read_strings(table, "audit.env", "allow", config_.audit.env_allow);
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
        reject_unknown(table, key,
                       {"name", "sources", "include", "command", "gpu_memory", "timeout", "env"});
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
            const auto* value = node.as_string();
            if (!value) fail(node, quoted(entry_key) + " must be a string");
            if (value) out[std::string(name.str())] = value->get();
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

    bool read_string(const toml::table& table, const std::string& prefix, std::string_view key,
                     std::string& out) {
        const toml::node* node = table.get(key);
        if (!node) return false;
        const std::string dotted = join_key(prefix, key);
        if (!node->is_string()) return fail(*node, quoted(dotted) + " must be a string"), false;
        out = node->as_string()->get();
        note_origin(dotted, *node);
        return true;
    }

    void read_bool(const toml::table& table, const std::string& prefix, std::string_view key,
                   bool& out) {
        const toml::node* node = table.get(key);
        if (!node) return;
        const std::string dotted = join_key(prefix, key);
        if (!node->is_boolean()) return fail(*node, quoted(dotted) + " must be true or false");
        out = node->as_boolean()->get();
        note_origin(dotted, *node);
    }

    bool read_strings(const toml::table& table, const std::string& prefix, std::string_view key,
                      std::vector<std::string>& out) {
        const toml::node* node = table.get(key);
        if (!node) return false;
        const std::string dotted = join_key(prefix, key);
        const toml::array* array = node->as_array();
        if (!array || !array->is_homogeneous(toml::node_type::string)) {
            return fail(*node, quoted(dotted) + " must be an array of strings"), false;
        }
        out.clear();
        for (const toml::node& item : *array) out.push_back(item.as_string()->get());
        note_origin(dotted, *node);
        return true;
    }

    bool read_integer(const toml::table& table, const std::string& prefix, std::string_view key,
                      std::int64_t minimum, std::int64_t& out) {
        const toml::node* node = table.get(key);
        if (!node) return false;
        const std::string dotted = join_key(prefix, key);
        if (!node->is_integer()) return fail(*node, quoted(dotted) + " must be an integer"), false;
        const std::int64_t value = node->as_integer()->get();
        if (value < minimum) {
            const char* rule = minimum == 0 ? " must not be negative" : " must be positive";
            return fail(*node, quoted(dotted) + rule), false;
        }
        out = value;
        note_origin(dotted, *node);
        return true;
    }

    bool read_positive(const toml::table& table, const std::string& prefix, std::string_view key,
                       std::int64_t& out) {
        if (table.get(key)) return read_integer(table, prefix, key, 1, out);
        fail(table, quoted(join_key(prefix, key)) + " is missing");
        return false;
    }

    void read_count(const toml::table& table, const std::string& prefix, std::string_view key,
                    int& out) {
        std::int64_t value = 0;
        if (!read_integer(table, prefix, key, 0, value)) return;
        if (value > INT_MAX)
            return fail(*table.get(key), quoted(join_key(prefix, key)) + " is too large");
        out = static_cast<int>(value);
    }

    void reject_unknown(const toml::table& table, const std::string& prefix, Keys known) {
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

void fill_default_origins(Config& config) {
    for (const std::string& key : kDefaultableKeys) config.origin.try_emplace(key, "default");
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

std::filesystem::path Config::resolve(const std::string& relative) const {
    const std::filesystem::path path(relative);
    if (path.is_absolute()) return path;
    return base_dir / path;
}

Result<Config> parse_config(std::string_view text, const std::filesystem::path& file) {
    auto table = parse_toml(text, file.string());
    if (!table) return table.error();
    Config config;
    config.file = file;
    config.base_dir = file.parent_path();
    ConfigReader reader(config, file.string(), file.filename().string());
    reader.read(table.value());
    if (auto error = reader.earliest_error()) return *error;
    fill_default_origins(config);
    return config;
}

Result<Config> load_config(const std::filesystem::path& file) {
    auto text = read_file(file);
    if (!text) return text.error();
    return parse_config(text.value(), file);
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
    config.base_dir = cwd;
    fill_default_origins(config);
    return config;
}

}  // namespace patchbay
