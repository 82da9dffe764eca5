#pragma once
// A message for stderr may quote hostile input: a 10 MB path, a line of control bytes. It is
// printed as one short line that still ends with its reason.

#include <string>
#include <string_view>

namespace patchbay {

// `message` with its middle elided past kElideMessageLimit bytes (the start names the place,
// the end gives the reason; both survive) and control bytes shown as \xNN.
std::string printable_message(std::string_view message);

}  // namespace patchbay
