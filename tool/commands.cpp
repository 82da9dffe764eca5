#include "tool/commands.hpp"

#include <array>

#include "config/config_keys.hpp"

namespace patchbay {

std::span<const Command> commands() {
    static const std::array<Command, 8> table = {{
        {"check-series", "apply the series to the pristine tree in memory and report every hunk",
         add_check_series_options, run_check_series},
        {"apply", "write the patched tree as a git repository, one commit per applied patch",
         add_apply_options, run_apply},
        {"audit-kernels",
         "flag 32-bit block-id x stride arithmetic and unregistered env reads in the kernels",
         add_audit_kernels_options, run_audit_kernels},
        {"regenerate", "rewrite a patch from an edited worktree or a fork commit, keeping its text",
         add_regenerate_options, run_regenerate},
        {"rebase", "carry the series onto a new upstream revision, patch by patch, in memory first",
         add_rebase_options, run_rebase},
        {"repro", "build the GPU reproducers against the result tree and run them",
         add_repro_options, run_repro_command},
        {"verify", "check-series, then audit-kernels, then repro: one summary for CI",
         add_verify_options, run_verify},
        {"config", "show every patchbay.toml key: its value and where it came from",
         add_config_options, run_config},
    }};
    return table;
}

void add_source_options(CLI::App& app, CliOptions& o) {
    app.add_option("--config", o.config, "patchbay.toml to read (default: nearest one upwards)");
    for (const auto& key : config_keys())
        if (!key.flag.empty())
            app.add_option(std::string(key.flag), o.config_flags[std::string(key.name)],
                           std::string(key.help));
    app.add_flag("--allow-dirty", o.allow_dirty, "accept a git checkout with local modifications");
}

void add_summary_option(CLI::App& app, CliOptions& o) {
    app.add_option("--summary", o.summary,
                   "also append a Markdown summary to this file (e.g. $GITHUB_STEP_SUMMARY)");
}

void add_report_options(CLI::App& app, CliOptions& o, const std::vector<std::string>& formats) {
    app.add_option("--format", o.format, "report format")->check(CLI::IsMember(formats));
    app.add_option("--output,-o", o.output, "write the report to this file instead of stdout");
    app.add_option("--color", o.color, "colour: auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    app.add_option("--progress", o.progress,
                   "progress on stderr: auto (a terminal only), always (plain lines off one), "
                   "never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
}

}  // namespace patchbay
