#pragma once
// GitHub Actions workflow commands (`::error file=F,line=N,title=T::message`), the annotations a
// pull request shows on the lines of its diff. Escaping follows GitHub's toolkit (issueCommand):
// data escapes % CR LF; property values also : and ,.

#include <cstdint>
#include <string>
#include <string_view>

namespace patchbay {

std::string escape_github_data(std::string_view text);
std::string escape_github_property(std::string_view text);

struct GithubAnnotation {
    std::string_view command;  // "error", "warning" or "notice"
    std::string_view file;     // empty: not attached to a file
    std::int64_t line = 0;     // 0: the whole file
    std::int64_t column = 0;   // 0: the whole line
    std::string_view title;
    std::string_view message;
};

// One line, "\n" included.
std::string github_command(const GithubAnnotation& annotation);

}  // namespace patchbay
