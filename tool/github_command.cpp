#include "tool/github_command.hpp"

#include <fmt/format.h>

namespace patchbay {

std::string escape_github_data(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '%')
            out += "%25";
        else if (c == '\r')
            out += "%0D";
        else if (c == '\n')
            out += "%0A";
        else
            out += c;
    }
    return out;
}

std::string escape_github_property(std::string_view text) {
    std::string out;
    for (char c : escape_github_data(text)) {
        if (c == ':')
            out += "%3A";
        else if (c == ',')
            out += "%2C";
        else
            out += c;
    }
    return out;
}

std::string github_command(const GithubAnnotation& a) {
    std::string properties;
    if (!a.file.empty()) {
        properties += "file=" + escape_github_property(a.file) + ",";
        if (a.line > 0) properties += fmt::format("line={},", a.line);
        if (a.line > 0 && a.column > 0) properties += fmt::format("col={},", a.column);
    }
    if (!a.title.empty()) properties += "title=" + escape_github_property(a.title) + ",";
    if (!properties.empty()) properties.pop_back();
    return fmt::format("::{}{}{}::{}\n", a.command, properties.empty() ? "" : " ", properties,
                       escape_github_data(a.message));
}

}  // namespace patchbay
