#include "tool/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <deque>
#include <type_traits>
#include <variant>

#include "common/closest_name.hpp"
#include "common/jobs.hpp"
#include "tool/command_guard.hpp"
#include "tool/command_output.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/flags.hpp"
#include "tool/version.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

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

// What a killed run left beside the series is finished before any command reads the series.
Status finish_interrupted(const CliOptions& options) {
    auto notes = finish_interrupted_writes(options);
    if (!notes) return std::move(notes).error();
    for (const auto& note : *notes) print_note(note);
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
        if (auto here = check_working_directory(); !here) {
            print_error(here.error());
            return kExitBadInput;
        }
        if (auto finished = finish_interrupted(options); !finished) {
            print_error(finished.error());
            return kExitBadInput;
        }
        return deliver(options, entry.command->run(make_context(options)));
    }
    return kExitBadInput;
}

}  // namespace patchbay
