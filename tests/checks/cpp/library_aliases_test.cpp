// The library aliases a kernel file is given: cuDF's, only where its includes name cudf, and never
// over an alias the tree or the file declares.

#include "checks/cpp/library_aliases.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(LibraryAliases, CudfRowIndexIsASigned32BitInt) {
    TypeAliases aliases;
    add_library_aliases(tokenize_cpp("// SPDX\n#pragma once\n#include <cudf/types.hpp>\n"),
                        aliases);
    EXPECT_EQ(aliases.width_of("size_type"), IntWidth::narrow);
    EXPECT_EQ(aliases.width_of("thread_index_type"), IntWidth::wide);
    EXPECT_EQ(aliases.width_of("bitmask_type"), IntWidth::narrow);
}

TEST(LibraryAliases, NoneWhereTheLeadingIncludesDoNotNameTheLibrary) {
    TypeAliases aliases;
    add_library_aliases(tokenize_cpp("#include <vector>\n"
                                     "template <class C> void k(typename C::size_type n);\n"
                                     "#include <cudf/types.hpp>\n"),
                        aliases);  // an include after code is not read
    EXPECT_FALSE(aliases.contains("size_type"));
}

TEST(LibraryAliases, TheTreesOwnAliasWins) {
    TypeAliases tree;
    tree.add("size_type", "int64_t");
    TypeAliases aliases(&tree);
    add_library_aliases(tokenize_cpp("#include \"cudf/types.hpp\"\n"), aliases);
    EXPECT_EQ(aliases.width_of("size_type"), IntWidth::wide);
    EXPECT_EQ(aliases.width_of("thread_index_type"), IntWidth::wide);
}

}  // namespace
}  // namespace patchbay
