#pragma once
// The subcommands, in one table (docs/ARCHITECTURE.md §8): each has its flags and its run function
// in tool/cmd_<name>.cpp. A command never prints: it returns its report text, its exit status and
// its diagnostics, and tool/command_output.cpp writes them.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "tool/cli_options.hpp"
#include "tool/flags.hpp"
#include "tool/progress.hpp"
#include "tool/report_format.hpp"
#include "tool/terminal.hpp"

namespace patchbay {

struct CommandOutput {
    std::string report;              // for stdout (or --output FILE)
    int exit_status = 0;             // 0 success, 1 negative result, 2 bad input
    std::vector<Error> diagnostics;  // printed on stderr as "patchbay: error: …"
    std::string summary = {};        // Markdown, appended to --summary FILE when given
    // Not empty when the command had work to do and did none of it: why ("no GPU"). verify
    // reports such a section as SKIP, not OK.
    std::string skipped = {};
};

struct CommandContext {
    const CliOptions& options;
    Palette palette;
    ProgressStyle progress = ProgressStyle::off;  // --progress and whether stderr is a terminal
    ReportFormat format = ReportFormat::text;     // --format
    std::optional<AuditFailOn> fail_on;           // --fail-on; nullopt when not given
    unsigned jobs = 1;  // threads for per-file work: --jobs, PATCHBAY_JOBS or the usable CPUs
};

struct Command {
    const char* name;
    const char* summary;
    void (*add_options)(FlagSet& flags, CliOptions& options);
    Result<CommandOutput> (*run)(const CommandContext& context);
};

std::span<const Command> commands();

// Shared flag groups.
void add_source_options(FlagSet& flags, CliOptions& options);
// --summary FILE, for the commands that have a Markdown summary.
void add_summary_option(FlagSet& flags, CliOptions& options);
void add_report_options(FlagSet& flags, CliOptions& options,
                        const std::vector<std::string>& formats);

void add_check_series_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_check_series(const CommandContext& context);

void add_apply_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_apply(const CommandContext& context);

void add_audit_kernels_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_audit_kernels(const CommandContext& context);

void add_repro_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_repro_command(const CommandContext& context);

void add_verify_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_verify(const CommandContext& context);

void add_regenerate_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_regenerate(const CommandContext& context);

void add_config_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_config(const CommandContext& context);

void add_rebase_options(FlagSet& flags, CliOptions& options);
Result<CommandOutput> run_rebase(const CommandContext& context);

}  // namespace patchbay
