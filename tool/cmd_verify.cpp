// `patchbay verify` (docs/ARCHITECTURE.md §2): check-series, then audit-kernels, then repro, one
// summary; the exit status is the worst of the three. The sections are found in the command table
// by name, so a build without one of them still verifies the rest and says so.

#include <cstring>

#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/verify_report.hpp"

namespace patchbay {

namespace {

constexpr const char* kVerifySections[] = {"check-series", "audit-kernels", "repro"};

const Command* find_command(const char* name) {
    for (const auto& command : commands())
        if (std::strcmp(command.name, name) == 0) return &command;
    return nullptr;
}

VerifySection run_section(const char* name, const CommandContext& context) {
    VerifySection section;
    section.name = name;
    const Command* command = find_command(name);
    if (!command) return section;
    section.registered = true;
    auto result = command->run(context);
    if (!result) {
        section.exit_status = kExitBadInput;
        section.error = result.error().located();
        section.diagnostics.push_back(result.error());
        return section;
    }
    section.exit_status = result->exit_status;
    section.report = result->report;
    section.diagnostics = result->diagnostics;
    section.skipped = result->skipped;
    return section;
}

}  // namespace

void add_verify_options(FlagSet& flags, CliOptions& o) {
    add_source_options(flags, o);
    add_report_options(flags, o, {"text", "junit"});
    flags.option("--arch", &o.repro.arch, "SM", "nvcc -arch for the reproducers");
    flags.option("--cache-dir", &o.repro.cache_dir, "DIR", "reproducer cache folder");
    flags.toggle("--compile-only", o.repro.compile_only, "build the CUDA reproducers; run nothing");
}

Result<CommandOutput> run_verify(const CommandContext& context) {
    CliOptions options = context.options;
    CommandContext inner{options,        context.palette, context.progress,
                         context.format, context.fail_on, context.jobs};
    std::vector<VerifySection> sections;
    for (const char* name : kVerifySections) sections.push_back(run_section(name, inner));
    std::vector<int> statuses;
    CommandOutput output;
    for (auto& s : sections) {
        statuses.push_back(s.exit_status);
        for (auto& d : s.diagnostics) output.diagnostics.push_back(std::move(d));
    }
    const int worst = worst_exit_status(statuses);
    output.exit_status = worst;
    output.report = context.format == ReportFormat::junit
                        ? render_verify_junit(sections)
                        : render_verify_text(sections, worst, context.palette);
    return output;
}

}  // namespace patchbay
