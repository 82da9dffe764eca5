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

TEST(SharedText, ConvertsToAViewOfItsBytesAndCopiesToAString) {
    const SharedText text("hello");
    const std::string_view as_view = text;
    const std::string copied = text.str();
    EXPECT_EQ(as_view, "hello");
    EXPECT_EQ(as_view.data(), text.data());
    EXPECT_EQ(copied, "hello");
    EXPECT_NE(copied.data(), text.data());
}

TEST(SharedText, BytesHeldByAnOwnerLiveAsLongAsACopy) {
    auto owner = std::make_shared<std::string>("owned bytes");
    SharedText copy;
    {
        const SharedText text(owner, std::string_view(*owner).substr(6));
        copy = text;
    }
    std::weak_ptr<std::string> watch = owner;
    owner.reset();
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(copy, "bytes");
    copy = SharedText();
    EXPECT_TRUE(watch.expired());
}

TEST(SharedText, EqualViewsOfOneBufferAreEqualWithoutComparingBytes) {
    auto owner = std::make_shared<std::string>("abcabc");
    const SharedText first(owner, std::string_view(*owner).substr(0, 3));
    const SharedText second(owner, std::string_view(*owner).substr(3, 3));
    const SharedText shorter(owner, std::string_view(*owner).substr(0, 2));
    EXPECT_EQ(first, second);
    EXPECT_FALSE(first == shorter);
}

TEST(SharedText, PrintsItsBytes) {
    std::ostringstream out;
    out << SharedText("a\nb");
    EXPECT_EQ(out.str(), "a\nb");
}

}  // namespace
}  // namespace patchbay
