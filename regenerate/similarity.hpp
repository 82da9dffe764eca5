#pragma once
// The "similarity index N%" of a rename, computed as git computes it (diffcore-delta.c and
// diffcore-rename.c), so that a regenerated rename section keeps git's number. libgit2's
// hashsig gives other numbers (93% where git says 89% for the demo's 0004).

#include <string_view>

namespace patchbay {

// 0..100: the bytes of `new_text` copied from `old_text`, in chunks that end at a newline or
// after 64 bytes, over the larger size.
int similarity(std::string_view old_text, std::string_view new_text);

}  // namespace patchbay
