#pragma once
// Where a finding is, in SARIF: a physical location with a URI-escaped relative path. A finding
// that a patch of the series added is located on that patch file's line, where a pull request's
// reviewer sees it; its line in the series result becomes the last related location and part of
// the message.

#include <cstdint>
#include <string>
#include <string_view>

#include "checks/finding.hpp"
#include "common/json_writer.hpp"

namespace patchbay {

// A "physicalLocation" member: the path (URI-escaped), the line, the column when known (> 0)
// and the line's text as the snippet when given.
void write_location(JsonWriter& json, std::string_view path, std::int64_t line, std::int64_t column,
                    std::string_view snippet);

// Whether the finding is located on the patch file that added its line.
bool on_patch(const Finding& finding);

// The result's "locations": the patch file's line, or the line in the audited tree.
void write_primary(JsonWriter& json, const Finding& finding);

// The result's "relatedLocations" (none written when there are none).
void write_related_locations(JsonWriter& json, const Finding& finding);

// The result's message: on a patch file, with the flagged line's place in the series result.
std::string message_of(const Finding& finding);

}  // namespace patchbay
