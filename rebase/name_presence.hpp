#pragma once
// Whether upstream took a patch whose hunks it rewrote (docs/ARCHITECTURE.md §6, rebase).
// Upstream often takes a fix and reworks it: some hunks are found (rebase/hunk_presence.hpp),
// the others differ in upstream's own words and conflict. What such a patch brings into its
// files still tells: the names it introduces (a new function, its variables, a new error
// code) are in the new upstream's files, and the names it takes out of them are gone. A patch
// upstream did not take introduces names the new upstream lacks, however much upstream
// rewrote around it.

#include <string_view>
#include <vector>

namespace patchbay {

// The distinctive words (rebase/distinctive_words.hpp) a patch's change brings into its files
// and takes out of them, and how the new upstream's files compare.
struct NameShare {
    int introduced = 0;  // words its files have after it, not before
    int present = 0;     // of them, those the new upstream's files have
    int removed = 0;     // words its files have before it, not after
    int lingering = 0;   // of them, those the new upstream's file still has
};

// One file of the patch: `base` before it, `theirs` after it, `ours` the new upstream's (empty
// where it has none).
struct FileTexts {
    std::string_view base;
    std::string_view theirs;
    std::string_view ours;
};

// A name brought into one file counts as present when upstream brought it into any of the
// patch's files (curl took a check from url.c into ftp.c): a word some file had before says
// nothing, and a patch touching many files would find most of its words somewhere. A name taken
// out of one file must be gone from that file.
NameShare count_names(const std::vector<FileTexts>& files);

// A patch some of whose hunks are found upstream (`hunks_found`) is upstream in a modified form
// when its names agree: at least 2 introduced or removed, 4 in 5 of them agreeing with the new
// upstream (there, or gone). Kept patches with a hunk found by chance (an include upstream
// also added) introduce names the new upstream lacks.
bool upstream_by_names(int hunks_found, const NameShare& names);

}  // namespace patchbay
