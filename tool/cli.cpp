#include "tool/cli.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <type_traits>
#include <variant>

#include "common/atomic_write.hpp"
#include "common/closest_name.hpp"
#include "common/jobs.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/flags.hpp"
#include "tool/version.hpp"

namespace patchbay {

namespace {

constexpr std::size_t kMaxMessageBytes = 1000;

// A message may quote hostile input: control bytes are shown as \xNN and a message stays one
// short line, however long the quoted text.
std::string printable(const std::string& message) {
    std::string out;
    for (std::size_t i = 0; i < message.size() && out.size() < kMaxMessageBytes; ++i) {
        unsigned char c = static_cast<unsigned char>(message[i]);
        if (c < 0x20 || c == 0x7F)
            out += fmt::format("\\x{:02x}", c);
        else
            out += static_cast<char>(c);
    }
    if (out.size() >= kMaxMessageBytes) out += "...";
    return out;
}

// The one place that prints errors.
void print_error(const Error& error) {
    std::cerr << "patchbay: error: " << printable(error.located()) << "\n";
}

// How writing the report went: a reader that closed the pipe early (`patchbay ... | head`)
// wanted no more of it, which is no error (ripgrep ends such a run quietly, with status 0).
enum class Written { whole, pipe_closed };

Result<Written> write_to_stdout(const std::string& text) {
    const std::size_t count = std::fwrite(text.data(), 1, text.size(), stdout);
    if (count == text.size() && std::fflush(stdout) == 0) return Written::whole;
    if (errno == EPIPE) return Written::pipe_closed;
    return make_error("cannot write the report to standard output: " +
                      std::string(strerror(errno)));
}

// --output FILE is replaced atomically: a temporary file beside it, then a rename.
Result<Written> write_output(const std::string& path, const std::string& text) {
    if (path.empty() || path == "-") return write_to_stdout(text);
    // A unique temporary name (never one an earlier run or someone else left, which could be
    // a symlink) and an fsync before the rename: write_atomically, as regenerate uses.
    if (auto written = write_atomically(path, text); !written) return written.error();
    return Written::whole;
}

// --summary FILE is appended to, as GitHub's step summary file expects from each step.
Status append_summary(const std::string& path, const std::string& text) {
    if (path.empty()) return Ok{};
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out << text;
    out.flush();
    if (!out)
        return make_error(path, 0, "cannot append the summary: " + std::string(strerror(errno)));
    return Ok{};
}

constexpr std::size_t kMaxDiagnostics = 20;

// A series of 100,000 bad entries must not print 100,000 lines: the report lists them all.
void print_diagnostics(const std::vector<Error>& diagnostics) {
    for (std::size_t i = 0; i < diagnostics.size() && i < kMaxDiagnostics; ++i)
        print_error(diagnostics[i]);
    if (diagnostics.size() > kMaxDiagnostics)
        std::cerr << "patchbay: error: ... and " << diagnostics.size() - kMaxDiagnostics
                  << " more (see the report)\n";
}

int finish(const CliOptions& options, const Result<CommandOutput>& result) {
    if (!result) {
        print_error(result.error());
        return kExitBadInput;
    }
    print_diagnostics(result->diagnostics);
    if (auto appended = append_summary(options.summary, result->summary); !appended) {
        print_error(appended.error());
        return kExitBadInput;
    }
    auto written = write_output(options.output, result->report);
    if (!written) {
        print_error(written.error());
        return kExitBadInput;
    }
    return *written == Written::pipe_closed ? kExitSuccess : result->exit_status;
}

CommandContext make_context(const CliOptions& options) {
    ColorMode mode = ColorMode::automatic;
    parse_color_mode(options.color, mode);
    bool to_terminal = options.output.empty() && stdout_is_terminal();
    ProgressMode progress = ProgressMode::automatic;
    parse_progress_mode(options.progress, progress);
    // The words were checked against each command's choices; an unknown one cannot get here.
    return CommandContext{options,
                          Palette{use_color(mode, to_terminal)},
                          progress_style(progress, stderr_is_terminal(), std::getenv("TERM")),
                          parse_report_format(options.format).value_or(ReportFormat::text),
                          parse_fail_on(options.fail_on),
                          resolve_jobs(options.jobs)};
}

std::string command_list() {
    std::string list;
    for (const auto& command : commands())
        list += (list.empty() ? "" : ", ") + std::string(command.name);
    return list;
}

// CLI11 would answer a mistyped command with "A subcommand is required" or the word as an
// extra argument; a user wants the word named, the commands listed and the closest one.
Status check_command_word(int argc, char** argv) {
    if (argc < 2) return make_error("a command is required: " + command_list());
    std::string word = argv[1];
    if (word.empty() || word[0] == '-') return Ok{};
    std::vector<std::string_view> names;
    for (const auto& command : commands()) names.emplace_back(command.name);
    if (std::find(names.begin(), names.end(), word) != names.end()) return Ok{};
    std::string guess;
    if (auto closest = closest_name(word, names))
        guess = " (did you mean '" + std::string(names[*closest]) + "'?)";
    return make_error("unknown command '" + word + "'" + guess + "; the commands are " +
                      command_list());
}

// CLI11 meets the flags here alone (tool/flags.hpp says why).
template <class T>
CLI::Option* add_target(CLI::App& app, const Flag& flag, T* target) {
    if constexpr (std::is_same_v<T, bool>)
        return app.add_flag(flag.names, *target, flag.help);
    else
        return app.add_option(flag.names, *target, flag.help)->type_name(flag.value_name);
}

void add_checks(CLI::Option& option, const Flag& flag) {
    if (!flag.choices.empty()) option.check(CLI::IsMember(flag.choices));
    if (flag.maximum)
        option.check(CLI::Range(flag.minimum.value_or(0), *flag.maximum));
    else if (flag.minimum == 1)
        option.check(CLI::PositiveNumber);
    else if (flag.minimum)
        option.check(CLI::NonNegativeNumber);
    if (flag.is_required) option.required();
}

void add_flags(CLI::App& app, const FlagSet& flags) {
    for (const auto& flag : flags.flags()) {
        auto* option =
            std::visit([&](auto* target) { return add_target(app, flag, target); }, flag.target);
        add_checks(*option, flag);
    }
    for (const auto& flag : flags.flags())
        if (!flag.needed_flag.empty())
            app.get_option(flag.long_name())->needs(app.get_option(flag.needed_flag));
    std::string footer;
    for (const auto& group : flags.one_of_groups()) footer += one_of_sentence(group) + "\n";
    if (!footer.empty()) app.footer(footer);
}

// CLI11 checks each flag on its own; a rule over several flags is checked here.
Status check_groups(const CLI::App& app, const FlagSet& flags) {
    for (const auto& group : flags.one_of_groups()) {
        std::size_t given = 0;
        for (const auto& name : group) given += app.count(name) > 0 ? 1 : 0;
        if (given != 1) return make_error(app.get_name() + ": " + one_of_rule(group));
    }
    return Ok{};
}

struct Registered {
    CLI::App* app;
    const Command* command;
    FlagSet flags;
};

}  // namespace

int run_cli(int argc, char** argv) {
    if (auto unknown = check_command_word(argc, argv); !unknown) {
        print_error(unknown.error());
        return kExitBadInput;
    }
    CLI::App app{"patchbay: check, audit, regenerate and reproduce a patch series", "patchbay"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("patchbay ") + kPatchbayVersion);
    CliOptions options;
    std::deque<Registered> registered;
    for (const auto& command : commands()) {
        auto& entry = registered.emplace_back(
            Registered{app.add_subcommand(command.name, command.summary), &command, {}});
        command.add_options(entry.flags, options);
        add_flags(*entry.app, entry.flags);
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        print_error(make_error(e.what()));
        return kExitBadInput;
    }
    for (const auto& entry : registered) {
        if (!entry.app->parsed()) continue;
        if (auto groups = check_groups(*entry.app, entry.flags); !groups) {
            print_error(groups.error());
            return kExitBadInput;
        }
        return finish(options, entry.command->run(make_context(options)));
    }
    return kExitBadInput;
}

}  // namespace patchbay
