#pragma once
// A hunk's change at the level of tokens (rebase/hunk_presence.hpp): upstream often takes a fix
// reworded, re-wrapped or merged into a longer line, so lines compare badly where the tokens a
// patch inserts and deletes still compare well. `a = (b || c);` becoming `a = (b || c || d);`
// inserts the run `|| d`; whether upstream has that run, and lacks the runs the patch deleted,
// is what says whether upstream made the change.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

// A run of tokens as searchable text: each token followed by a separator, the whole preceded
// by one ("\x1f" "a" "\x1f" "||" "\x1f"), so that finding a run in a text never matches half
// a token.
std::string token_text(const std::vector<std::string_view>& lines, std::size_t begin,
                       std::size_t end);
bool has_run(std::string_view text, std::string_view run);

struct InsertedRun {
    std::size_t line = 0;  // the added line (0-based among the hunk's added lines) it is in
    std::string run;       // as token_text writes it
};

struct TokenChange {
    std::vector<InsertedRun> inserted;  // runs of tokens the hunk adds, each within one line
    std::vector<std::string> deleted;   // runs it deletes, with a neighbouring token each side
};

// The change from the removed lines to the added lines of a hunk, token by token (longest
// common subsequence). A short inserted run (`&` replacing `==`) comes with the two tokens on
// each side of it; runs with fewer than 3 letters and digits even so (a bracket, a comma) are
// left out: they say nothing about whose change it is.
TokenChange token_change(const std::vector<std::string_view>& removed,
                         const std::vector<std::string_view>& added);

}  // namespace patchbay
