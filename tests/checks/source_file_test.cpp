// The language a path is read as, a line of a file's text, and the lookup of a path in a tree.
// Expected values by hand.

#include "checks/source_file.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace patchbay {
namespace {

TEST(LanguageOf, PythonByItsExtension) {
    EXPECT_EQ(language_of("vllm/envs.py"), Language::python);
    EXPECT_EQ(language_of("setup.py"), Language::python);
}

TEST(LanguageOf, CAndCppAndCudaAreReadTheSameWay) {
    for (const char* path : {"k.cu", "k.cuh", "k.hip", "k.c", "k.cc", "k.cpp", "k.cxx", "k.h",
                             "k.hh", "k.hxx", "csrc/attention/k.hpp", "common/k.hpp.inc", "k.inl"})
        EXPECT_EQ(language_of(path), Language::cuda) << path;
}

TEST(LanguageOf, EverythingElseIsOther) {
    for (const char* path :
         {"README.md", "Makefile", "x.pyc", "x.pyi", "k.cu.orig", "k.CU", "dir.py/file", "", "."})
        EXPECT_EQ(language_of(path), Language::other) << path;
}

SourceFile file_of(std::string text) {
    return SourceFile{"f.py", std::move(text), Language::python};
}

TEST(LineText, OneBasedWithoutTheTerminator) {
    auto file = file_of("first\nsecond\nthird\n");
    EXPECT_EQ(file.line_text(1), "first");
    EXPECT_EQ(file.line_text(2), "second");
    EXPECT_EQ(file.line_text(3), "third");
}

TEST(LineText, ACarriageReturnIsPartOfTheTerminator) {
    auto file = file_of("a = 1\r\nb = 2\r\n");
    EXPECT_EQ(file.line_text(1), "a = 1");
    EXPECT_EQ(file.line_text(2), "b = 2");
}

TEST(LineText, TheLastLineWithoutANewlineAndLinesPastTheEnd) {
    auto file = file_of("a\n\nc");
    EXPECT_EQ(file.line_text(2), "");
    EXPECT_EQ(file.line_text(3), "c");
    EXPECT_EQ(file.line_text(4), "");
    EXPECT_EQ(file.line_text(100), "");
    EXPECT_EQ(file_of("").line_text(1), "");
}

AuditTree tree_of(std::vector<std::string> sorted_paths) {
    AuditTree tree;
    for (auto& path : sorted_paths)
        tree.files.push_back({path, std::string("# ") + path + "\n", language_of(path)});
    return tree;
}

TEST(AuditTreeFind, FindsEachFileOfTheSortedTree) {
    auto tree = tree_of({"a.py", "csrc/k.cu", "vllm/envs.py", "vllm/x.py"});
    for (const auto& file : tree.files) {
        const SourceFile* found = tree.find(file.path);
        ASSERT_NE(found, nullptr) << file.path;
        EXPECT_EQ(found, &file);
    }
}

TEST(AuditTreeFind, NullForAPathNotInTheTree) {
    auto tree = tree_of({"a.py", "vllm/envs.py"});
    EXPECT_EQ(tree.find("b.py"), nullptr);       // between two files
    EXPECT_EQ(tree.find("zzz.py"), nullptr);     // after the last
    EXPECT_EQ(tree.find("0.py"), nullptr);       // before the first
    EXPECT_EQ(tree.find("vllm"), nullptr);       // a folder is no file
    EXPECT_EQ(tree.find("vllm/envs"), nullptr);  // a prefix of a path
    EXPECT_EQ(AuditTree{}.find("a.py"), nullptr);
}

TEST(FolderOf, ThePathUpToItsLastSlash) {
    EXPECT_EQ(folder_of("csrc/flash_attn/flash.h"), "csrc/flash_attn/");
    EXPECT_EQ(folder_of("kernel.h"), "");
    EXPECT_EQ(folder_of("a/b"), "a/");
}

}  // namespace
}  // namespace patchbay
