#pragma once
// The options part of patchbay(1), written from the command table (tool/commands.cpp) and the
// flags each command declares (tool/flags.hpp): the same declarations `--help` is made from, so
// the man page cannot name an option the binary lacks or miss one it has.

#include <span>
#include <string>

#include "tool/commands.hpp"

namespace patchbay {

// roff: a COMMON OPTIONS section with the flags every command shares, then an OPTIONS section
// with a subsection per command for the rest.
std::string man_page_options(std::span<const Command> table);

// `page` with "@PATCHBAY_OPTIONS@" replaced by man_page_options and "@PATCHBAY_VERSION@" by
// the version.
std::string fill_man_page(std::string page, std::span<const Command> table);

}  // namespace patchbay
