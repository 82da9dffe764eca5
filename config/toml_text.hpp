#pragma once
// TOML text that patchbay writes: the values `config` shows and the `rev` that `rebase --write`
// records in patchbay.toml.

#include <string>
#include <string_view>

namespace patchbay {

// `text` as a TOML basic string ("..."), escaped by TOML++ so that its parser reads `text`
// back: quotes, backslashes and control characters escaped, other UTF-8 kept as it is.
std::string toml_quoted(std::string_view text);

}  // namespace patchbay
