#include "common/shared_text.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace patchbay {
namespace {

TEST(SharedText, DefaultIsEmpty) {
    const SharedText text;
    EXPECT_TRUE(text.empty());
    EXPECT_EQ(text.size(), 0u);
    EXPECT_EQ(text.str(), "");
}

TEST(SharedText, CopiesShareTheBytes) {
    const SharedText text(std::string(100000, 'x'));
    const SharedText copy = text;  // NOLINT: the copy is the point
    EXPECT_EQ(copy.data(), text.data());
    EXPECT_EQ(copy.size(), 100000u);
}

TEST(SharedText, EqualityComparesBytesNotBuffers) {
    const SharedText a("one\ntwo\n");
    const SharedText b(std::string("one\n") + "two\n");
    EXPECT_NE(a.data(), b.data());
    EXPECT_EQ(a, b);
    EXPECT_FALSE(a == SharedText("one\n"));
    EXPECT_TRUE(SharedText() == SharedText(""));
}

TEST(SharedText, ComparesWithEveryStringKind) {
    const SharedText text("abc");
    EXPECT_TRUE(text == "abc");
    EXPECT_TRUE(text == std::string("abc"));
    EXPECT_TRUE(text == std::string_view("abc"));
    EXPECT_FALSE(text == "abd");
    EXPECT_FALSE(text == std::string("ab"));
}

TEST(SharedText, ConvertsToStringAndView) {
    const SharedText text("hello");
    const std::string& as_string = text;
    const std::string_view as_view = text;
    EXPECT_EQ(as_string, "hello");
    EXPECT_EQ(as_view, "hello");
    EXPECT_EQ(as_view.data(), text.data());
}

TEST(SharedText, PrintsItsBytes) {
    std::ostringstream out;
    out << SharedText("a\nb");
    EXPECT_EQ(out.str(), "a\nb");
}

}  // namespace
}  // namespace patchbay
