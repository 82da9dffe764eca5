// `patchbay config`: every key of patchbay.toml with the value in force and where it came from
// (the file and line, "default", or the flag), after the flags are laid over the file.

#include <fmt/format.h>

#include "common/json_writer.hpp"
#include "config/config_keys.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

std::string render_text(const Config& config) {
    std::string out = config.file.empty() ? "# no patchbay.toml: defaults and flags only\n"
                                          : "# " + config.file.string() + "\n";
    for (const auto& key : config_keys())
        out += fmt::format("{:<20} = {:<40} # {}\n", key.name, value_text(config, key),
                           config.origin.at(std::string(key.name)));
    return out;
}

std::string render_json(const Config& config) {
    JsonWriter json;
    json.begin_object().field("file", config.file.string()).key("keys").begin_array();
    for (const auto& key : config_keys())
        json.begin_object()
            .field("key", key.name)
            .field("value", value_text(config, key))
            .field("origin", config.origin.at(std::string(key.name)))
            .end_object();
    json.end_array().end_object();
    return json.str() + "\n";
}

}  // namespace

void add_config_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text", "json"});
}

Result<CommandOutput> run_config(const CommandContext& context) {
    auto config = resolve_config(context.options);
    if (!config) return config.error();
    const bool json = context.format == ReportFormat::json;
    return CommandOutput{json ? render_json(*config) : render_text(*config), kExitSuccess, {}};
}

}  // namespace patchbay
