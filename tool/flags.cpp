#include "tool/flags.hpp"

#include <cctype>
#include <utility>

namespace patchbay {

std::string Flag::long_name() const {
    auto comma = names.find(',');
    return names.substr(0, comma);
}

std::string Flag::spellings() const {
    std::string shown;
    for (char c : names) shown += c == ',' ? std::string(", ") : std::string(1, c);
    return shown;
}

Flag& Flag::one_of(std::vector<std::string> values) {
    choices = std::move(values);
    return *this;
}

Flag& Flag::range(int low, int high) {
    minimum = low;
    maximum = high;
    return *this;
}

Flag& Flag::at_least(int low) {
    minimum = low;
    return *this;
}

Flag& Flag::required() {
    is_required = true;
    return *this;
}

Flag& Flag::needs(std::string long_name) {
    needed_flag = std::move(long_name);
    return *this;
}

Flag& FlagSet::add(std::string names, FlagTarget target, std::string value_name, std::string help) {
    Flag& flag = flags_.emplace_back();
    flag.names = std::move(names);
    flag.help = std::move(help);
    flag.target = target;
    flag.value_name = std::move(value_name);
    return flag;
}

Flag& FlagSet::option(std::string names, FlagTarget target, std::string value_name,
                      std::string help) {
    return add(std::move(names), target, std::move(value_name), std::move(help));
}

Flag& FlagSet::toggle(std::string names, bool& target, std::string help) {
    return add(std::move(names), &target, "", std::move(help));
}

// A positional's value is shown by its name in capitals ("NAME").
Flag& FlagSet::positional(std::string name, FlagTarget target, std::string help) {
    std::string value_name;
    for (char c : name)
        value_name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return add(std::move(name), target, std::move(value_name), std::move(help));
}

void FlagSet::exactly_one_of(std::vector<std::string> long_names) {
    one_of_groups_.push_back(std::move(long_names));
}

std::string one_of_rule(const std::vector<std::string>& long_names) {
    std::string rule = "exactly one of ";
    for (std::size_t i = 0; i < long_names.size(); ++i) {
        if (i > 0) rule += i + 1 == long_names.size() ? " and " : ", ";
        rule += long_names[i];
    }
    return rule + " is required";
}

std::string one_of_sentence(const std::vector<std::string>& long_names) {
    std::string sentence = one_of_rule(long_names) + ".";
    sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
    return sentence;
}

}  // namespace patchbay
