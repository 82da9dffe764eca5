#pragma once
// The words of a text that say whose change it is: a function's name, a test's number, an
// option's name, rather than `if` or `the`. Used where a change is looked for by what it brings
// in, not by its lines (rebase/sibling_presence.hpp, rebase/name_presence.hpp).

#include <functional>
#include <set>
#include <string>
#include <string_view>

namespace patchbay {

using Words = std::set<std::string, std::less<>>;

// The words of 5 or more letters, digits or `_`: shorter ones (`if`, `the`, `src`) are in any
// file.
void add_words(std::string_view text, Words& words);
Words words_of(std::string_view text);

// A name rather than prose: a digit, `_` or a capital after the first letter (`test486`,
// `ssh_valid_ruser`, `CURLOPT_NETRC`).
bool name_like(std::string_view word);

}  // namespace patchbay
