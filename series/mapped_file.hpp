#pragma once
// A regular file's bytes mapped read-only instead of read into memory: the checkout files a
// series reads are page-cache pages already, and copying them into fresh memory cost more than
// hashing and applying them (each new page is a fault; bench/RESULTS.md, round 5). git maps
// work tree files to hash them in the same way. Small files are read: for them the mapping
// costs more than the copy.
//
// A mapping shows later writes to the file, so each mapping keeps the file's identity (inode,
// size, change times) from when it was made: `unchanged` tells whether the bytes can still be
// trusted, and a caller checks it before it reports. A file truncated while mapped raises
// SIGBUS on access, as it does for git.

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <optional>

#include "common/shared_text.hpp"

namespace patchbay {

// What changes when a file is written, replaced or truncated.
struct FileIdentity {
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = 0;
    struct timespec modified {};
    struct timespec changed {};

    friend bool operator==(const FileIdentity& a, const FileIdentity& b);
};

struct MappedFile {
    SharedText bytes;  // keeps the mapping alive
    // The file's identity when `bytes` are a mapping; none for a small file, which is read:
    // below kMapFrom a mapping (and the check of it at the end) costs more than the copy.
    std::optional<FileIdentity> mapped;
};

constexpr std::size_t kMapFrom = 64 * 1024;

// The regular file at `file`, mapped from kMapFrom bytes on, read below (a symlink is not
// followed); nullopt when it is anything else or cannot be opened, mapped or read.
std::optional<MappedFile> map_file(const std::filesystem::path& file);

// Whether the file at `file` still has `identity` (false when it is gone).
bool unchanged(const std::filesystem::path& file, const FileIdentity& identity);

}  // namespace patchbay
