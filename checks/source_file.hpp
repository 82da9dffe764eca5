#pragma once
// One file of the audited tree, and the tree itself (docs/ARCHITECTURE.md §5). Paths are relative
// to the tree's root (the upstream directory) and use "/".

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/shared_text.hpp"

namespace patchbay {

enum class Language { python, cuda, other };

// .py -> python; .cu .cuh .c .cc .cpp .cxx .h .hh .hpp -> cuda (C and C++ are read the same way).
Language language_of(std::string_view path);

// .h .hh .hpp .hxx .cuh, and the included .inc .inl: a C/C++ header, which may declare the types
// another file's kernel uses.
bool is_cpp_header(std::string_view path);
// The folder part of a relative path with its final '/' ("" for a file at the root).
std::string_view folder_of(std::string_view path);

struct SourceFile {
    std::string path;
    // Shared, never copied: a tree read from disk keeps it in a TextArena, one from a series the
    // pristine source's or the patched bytes.
    SharedText text;
    Language language = Language::other;
    // A header outside `[audit] include`, read only for what it declares (typedefs, `using`
    // aliases, struct members): a kernel's params struct and its stride types often live in a
    // `.h` that the include patterns leave out. No rule reports in it, and it is not counted.
    bool declarations_only = false;
    // Declarations kept out of the tree's types, as those of a header nothing includes are: a
    // header outside `[audit] include` audited for its kernels (it reads `blockIdx`) that no
    // audited file includes, and the headers beside it read for its types alone (its folder's
    // params struct: checks/cpp/cpp_member_types.hpp, kernel_folder_types).
    bool declarations_private = false;
    // A header read for its type aliases alone: one that audited files name only with
    // `#include <…>`, a project's public API, or that a header read includes in turn
    // (checks/audit_scope.cpp, keep_included_headers).
    bool aliases_only = false;

    // The text of 1-based `line` without its terminator ("" past the end).
    std::string_view line_text(std::int64_t line) const;
};

struct AuditTree {
    std::vector<SourceFile> files;  // sorted by path
    // Files read and counted but not kept, because no rule could use them (Rule::may_need).
    std::vector<std::string> dropped;

    const SourceFile* find(std::string_view path) const;
};

}  // namespace patchbay
