#pragma once
// A command's flags, declared as data. The commands declare them here instead of on CLI11's
// App for two reasons: `--help` (tool/cli.cpp, the one file that compiles CLI11, at about 5 s
// a unit) and the man page (tool/man_page.cpp) are both made from these declarations, so the
// two cannot list different options; and only one file pays for CLI11's headers.

#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace patchbay {

// Where a parsed value lands in CliOptions.
using FlagTarget =
    std::variant<bool*, int*, std::optional<int>*, std::string*, std::vector<std::string>*>;

struct Flag {
    std::string names;  // CLI11's spelling: "--output,-o"; a positional's name: "name"
    std::string help;   // one line
    FlagTarget target = static_cast<bool*>(nullptr);
    std::string value_name;            // what the value is: "FILE", "N"; empty for a switch
    std::vector<std::string> choices;  // the values allowed; empty: any
    std::optional<int> minimum;        // for numbers
    std::optional<int> maximum;
    bool is_required = false;
    std::string needed_flag;  // the long name of a flag this one is meaningless without

    bool is_switch() const { return std::holds_alternative<bool*>(target); }
    bool is_positional() const { return !names.empty() && names[0] != '-'; }
    bool takes_many() const { return std::holds_alternative<std::vector<std::string>*>(target); }
    // "--output" of "--output,-o"; a positional's name.
    std::string long_name() const;
    // "--output, -o" as help and the man page show it.
    std::string spellings() const;

    Flag& one_of(std::vector<std::string> values);
    Flag& range(int low, int high);
    Flag& at_least(int low);
    Flag& required();
    Flag& needs(std::string long_name);
};

// The flags of one command, in the order --help lists them, and the rules that span several.
class FlagSet {
  public:
    Flag& option(std::string names, FlagTarget target, std::string value_name, std::string help);
    Flag& toggle(std::string names, bool& target, std::string help);
    Flag& positional(std::string name, FlagTarget target, std::string help);
    // Exactly one of these long flags must be given ("--worktree" or "--from-commit").
    void exactly_one_of(std::vector<std::string> long_names);

    const std::deque<Flag>& flags() const { return flags_; }
    const std::vector<std::vector<std::string>>& one_of_groups() const { return one_of_groups_; }

  private:
    Flag& add(std::string names, FlagTarget target, std::string value_name, std::string help);

    std::deque<Flag> flags_;  // a deque: the references the builders return stay valid
    std::vector<std::vector<std::string>> one_of_groups_;
};

// "exactly one of --worktree and --from-commit is required", for a group of exactly_one_of.
std::string one_of_rule(const std::vector<std::string>& long_names);
// The same as a sentence, for --help's footer and the man page: "Exactly one of … is required."
std::string one_of_sentence(const std::vector<std::string>& long_names);

}  // namespace patchbay
