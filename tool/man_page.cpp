#include "tool/man_page.hpp"

#include <algorithm>
#include <deque>
#include <vector>

#include "tool/version.hpp"

namespace patchbay {

namespace {

struct DeclaredCommand {
    const Command* command;
    FlagSet flags;
};

// roff takes a leading '.' or '\'' as a request and '\\' as an escape; '-' is a hyphen unless
// escaped, and options are typed with a minus sign.
std::string roff(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
}

std::string item(const Flag& flag) {
    std::string head = ".TP\n\\fB" + roff(flag.spellings()) + "\\fR";
    if (!flag.value_name.empty()) head += " \\fI" + roff(flag.value_name) + "\\fR";
    if (flag.takes_many()) head += " ...";
    std::string body = roff(flag.help);
    if (!flag.choices.empty()) {
        std::string list;
        for (const auto& choice : flag.choices) list += (list.empty() ? "" : ", ") + choice;
        body += " (" + roff(list) + ")";
    }
    if (flag.is_required) body += "; required";
    if (!flag.needed_flag.empty()) body += "; only with " + roff(flag.needed_flag);
    return head + "\n" + body + ".\n";
}

bool same_flag(const Flag& a, const Flag& b) {
    return a.names == b.names && a.help == b.help && a.value_name == b.value_name &&
           a.choices == b.choices && a.is_required == b.is_required;
}

bool in_every_command(const Flag& flag, const std::deque<DeclaredCommand>& declared) {
    return std::all_of(declared.begin(), declared.end(), [&](const DeclaredCommand& d) {
        const auto& flags = d.flags.flags();
        return std::any_of(flags.begin(), flags.end(),
                           [&](const Flag& other) { return same_flag(flag, other); });
    });
}

std::deque<DeclaredCommand> declare_all(std::span<const Command> table, CliOptions& options) {
    std::deque<DeclaredCommand> declared;
    for (const auto& command : table) {
        auto& entry = declared.emplace_back(DeclaredCommand{&command, {}});
        command.add_options(entry.flags, options);
    }
    return declared;
}

std::string command_section(const DeclaredCommand& d, const std::deque<DeclaredCommand>& all) {
    std::string out = ".SS \"patchbay " + roff(d.command->name) + "\"\n";
    out += roff(d.command->summary) + ".\n";
    for (const auto& flag : d.flags.flags())
        if (!in_every_command(flag, all)) out += item(flag);
    for (const auto& group : d.flags.one_of_groups())
        out += ".PP\n" + roff(one_of_sentence(group)) + "\n";
    return out;
}

}  // namespace

std::string man_page_options(std::span<const Command> table) {
    CliOptions options;  // the flags' targets; nothing is parsed into them here
    auto declared = declare_all(table, options);
    std::string out = ".SH COMMON OPTIONS\nEvery command takes these.\n";
    if (!declared.empty())
        for (const auto& flag : declared.front().flags.flags())
            if (in_every_command(flag, declared)) out += item(flag);
    out += ".SH OPTIONS\n";
    for (const auto& d : declared) out += command_section(d, declared);
    return out;
}

std::string fill_man_page(std::string page, std::span<const Command> table) {
    auto replace = [&page](const std::string& marker, const std::string& text) {
        for (auto at = page.find(marker); at != std::string::npos; at = page.find(marker, at))
            page.replace(at, marker.size(), text), at += text.size();
    };
    replace("@PATCHBAY_OPTIONS@\n", man_page_options(table));
    replace("@PATCHBAY_VERSION@", kPatchbayVersion);
    return page;
}

}  // namespace patchbay
