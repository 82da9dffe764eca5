#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "common/atomic_write.hpp"
#include "common/read_file.hpp"
#include "regenerate/series_rebase.hpp"
#include "regenerate/target_rev.hpp"
#include "regenerate/upstream_commit.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

struct Upstreams {
    std::unique_ptr<PristineSource> source;  // the new one
    SourceOptions options;                   // how it was opened
};

// The new upstream: the same repository and directory, at --onto.
Result<Upstreams> open_new_upstream(const Workspace& workspace, const std::string& onto) {
    SourceOptions options;
    options.path = workspace.config.resolve(workspace.config.upstream_path);
    options.rev = onto;
    options.directory = workspace.config.directory;
    options.allow_dirty = true;  // read from the object store at --onto, never the checkout
    if (workspace.source->description().commit.empty())
        return make_error("rebase --onto needs a git upstream: " + options.path.string() +
                          " is a plain folder");
    auto source = open_pristine(options);
    if (!source) return source.error();
    return Upstreams{std::move(*source), options};
}

std::string short_id(const std::string& id) {
    return id.substr(0, 12);
}

std::string describe(const SourceDescription& upstream) {
    if (upstream.rev.empty()) return short_id(upstream.commit);
    return fmt::format("{} ({})", upstream.rev, short_id(upstream.commit));
}

std::string duplicate_lines(const PatchRebase& patch) {
    std::string out;
    for (const auto& d : patch.duplicates)
        out += fmt::format(
            "      duplicates upstream: {}:{}-{} already has the lines hunk #{} "
            "adds\n",
            d.path, d.first, d.last, d.hunk);
    return out;
}

std::string skip_proposal(const PatchRebase& patch, const std::optional<UpstreamCommit>& since) {
    std::string reason =
        since ? fmt::format("upstream since {} ({})", short_id(since->id), since->subject)
              : std::string("upstream");
    return fmt::format("      skip it: {{ patch = \"{}\", reason = \"{}\" }}\n", patch.name,
                       reason);
}

struct Lookups {
    const Upstreams& upstreams;
    std::string old_commit;
    std::size_t name_width = 0;  // the names are padded to one column
};

// The line of one patch, and what follows it.
Result<std::string> patch_lines(const PatchRebase& patch, const Lookups& lookups) {
    std::string line =
        fmt::format("  {:<{}}  {}", patch.name, lookups.name_width, to_string(patch.outcome));
    if (patch.new_text) line += " (rewritten)";
    if (patch.outcome == RebaseOutcome::conflict)
        line += fmt::format(": {} need{} a person", fmt::join(patch.conflicts, ", "),
                            patch.conflicts.size() == 1 ? "s" : "");
    if (patch.outcome == RebaseOutcome::skipped)
        line += patch.skip_not_upstream
                    ? ": its change is not upstream (skip rule: " + patch.reason + ")"
                    : ": still upstream";
    if (patch.outcome == RebaseOutcome::not_applying || patch.outcome == RebaseOutcome::failed)
        line += ": " + patch.reason;
    line += "\n" + duplicate_lines(patch);
    if (patch.outcome != RebaseOutcome::already_upstream) return line;
    auto since = commit_that_brought(lookups.upstreams.options, lookups.old_commit,
                                     lookups.upstreams.source->description().commit, *patch.parsed,
                                     patch.strip);
    if (!since) return since.error();
    if (*since)
        line.insert(line.size() - 1,
                    fmt::format(" since {} \"{}\"", short_id((*since)->id), (*since)->subject));
    return line + skip_proposal(patch, *since);
}

std::string totals(const SeriesRebase& rebase) {
    int carried_count = 0, person = 0, upstream = 0;
    for (const auto& patch : rebase.patches) {
        carried_count += carried(patch.outcome) && patch.duplicates.empty();
        upstream += patch.outcome == RebaseOutcome::already_upstream;
        person += patch.outcome == RebaseOutcome::conflict ||
                  patch.outcome == RebaseOutcome::not_applying || !patch.duplicates.empty() ||
                  (patch.outcome == RebaseOutcome::skipped && patch.skip_not_upstream);
    }
    return fmt::format(
        "result: {} of {} patches carried without a person, {} already upstream, {} need a "
        "person\n",
        carried_count, rebase.patches.size(), upstream, person);
}

Result<std::string> write_all(const Workspace& workspace, const SeriesRebase& rebase,
                              const std::string& onto) {
    std::vector<std::string> written;
    for (const auto& patch : rebase.patches)
        if (patch.new_text) {
            if (auto done = write_atomically(patch.patch_path, *patch.new_text); !done)
                return done.error();
            written.push_back(patch.name);
        }
    auto toml = read_file(workspace.config.file);
    if (!toml) return toml.error();
    auto edited = with_upstream_rev(*toml, onto);
    if (!edited) return make_error(workspace.config.file.string(), 0, edited.error().message);
    if (auto done = write_atomically(workspace.config.file, *edited); !done) return done.error();
    return fmt::format("wrote {} patch{}{}{}; {}: rev = \"{}\"\n", written.size(),
                       written.size() == 1 ? "" : "es", written.empty() ? "" : ": ",
                       fmt::join(written, ", "), workspace.config.file.filename().string(), onto);
}

std::string unwritten(const SeriesRebase& rebase) {
    int rewrites = 0;
    for (const auto& patch : rebase.patches) rewrites += patch.new_text.has_value();
    return fmt::format("nothing written; --write rewrites {} patch{} and the target revision\n",
                       rewrites, rewrites == 1 ? "" : "es");
}

}  // namespace

void add_rebase_options(CLI::App& app, CliOptions& options) {
    add_source_options(app, options);
    add_report_options(app, options, {"text"});
    app.add_option("--onto", options.onto, "the upstream revision to carry the series to")
        ->required();
    app.add_flag("--write", options.write,
                 "rewrite the patches that changed and the target revision in patchbay.toml");
}

Result<CommandOutput> run_rebase(const CommandContext& context) {
    auto workspace = open_workspace(context.options);
    if (!workspace) return workspace.error();
    auto upstreams = open_new_upstream(*workspace, context.options.onto);
    if (!upstreams) return upstreams.error();
    auto rebase = rebase_series(workspace->plan, *workspace->source, *upstreams->source);
    if (!rebase) return rebase.error();
    std::string text =
        fmt::format("rebase from {} onto {}\n", describe(workspace->source->description()),
                    describe(upstreams->source->description()));
    Lookups lookups{*upstreams, workspace->source->description().commit};
    for (const auto& patch : rebase->patches)
        lookups.name_width = std::max(lookups.name_width, patch.name.size());
    for (const auto& patch : rebase->patches) {
        auto lines = patch_lines(patch, lookups);
        if (!lines) return lines.error();
        text += *lines;
    }
    text += totals(*rebase);
    if (!context.options.write)
        return CommandOutput{text + unwritten(*rebase), exit_status_of(*rebase), {}};
    auto written = write_all(*workspace, *rebase, context.options.onto);
    if (!written) return written.error();
    return CommandOutput{text + *written, exit_status_of(*rebase), {}};
}

}  // namespace patchbay
