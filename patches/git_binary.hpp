#pragma once
// Applies the data of a "GIT binary patch" stanza (literal or delta, base85 and zlib) to a
// file's bytes with libgit2, which implements git's format, and checks the bytes before and
// after against the blob ids of the section's "index" line.

#include <string>
#include <string_view>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

// `file` has git_binary set; `preimage` is the file's current bytes (empty for a file being
// created). The result is the bytes the file becomes (empty for a deleted file). An Error says
// why the data does not apply: the file is not the one the patch was made from (its blob id
// differs from the "index" line), the data is corrupt, or the result is not the blob the
// "index" line names.
Result<std::string> apply_git_binary(std::string_view preimage, const FileDiff& file);

// Whether `bytes` are the blob that `abbreviated` (a hex prefix, as an "index" line writes it)
// names. An empty or all-zero id names no blob and so matches only nothing at all.
bool is_blob(std::string_view bytes, const std::string& abbreviated);

}  // namespace patchbay
