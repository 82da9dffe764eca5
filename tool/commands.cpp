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

void add_source_options(FlagSet& flags, CliOptions& o) {
    flags.option("--config", &o.config, "FILE",
                 "patchbay.toml to read (default: nearest one upwards)");
    for (const auto& key : config_keys())
        if (!key.flag.empty())
            flags.option(std::string(key.flag), &o.config_flags[std::string(key.name)],
                         std::string(key.value_name), std::string(key.help));
    flags.toggle("--allow-dirty", o.allow_dirty, "accept a git checkout with local modifications");
}

void add_summary_option(FlagSet& flags, CliOptions& o) {
    flags.option("--summary", &o.summary, "FILE",
                 "also append a Markdown summary to this file (e.g. $GITHUB_STEP_SUMMARY)");
}

void add_report_options(FlagSet& flags, CliOptions& o, const std::vector<std::string>& formats) {
    flags.option("--format", &o.format, "FORMAT", "report format").one_of(formats);
    flags.option("--output,-o", &o.output, "FILE",
                 "write the report to this file instead of stdout");
    flags.option("--color", &o.color, "WHEN", "colour: auto, always or never")
        .one_of({"auto", "always", "never"});
    flags
        .option("--progress", &o.progress, "WHEN",
                "progress on stderr: auto (a terminal only), always (plain lines off one), never")
        .one_of({"auto", "always", "never"});
}

}  // namespace patchbay
