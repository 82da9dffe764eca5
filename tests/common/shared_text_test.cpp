#include "common/shared_text.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>

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

SharedText spliced_from(const std::shared_ptr<const std::string>& owner,
                        std::initializer_list<std::pair<std::size_t, std::size_t>> cuts) {
    std::vector<std::string_view> pieces;
    for (auto [start, size] : cuts) pieces.push_back(std::string_view(*owner).substr(start, size));
    return SharedText::spliced(std::move(pieces), {owner});
}

TEST(SharedText, SplicedIsTheConcatenationOfItsPieces) {
    auto owner = std::make_shared<const std::string>("hello, world\n");
    const auto text = spliced_from(owner, {{7, 5}, {5, 2}, {0, 5}, {12, 1}});
    EXPECT_EQ(text.size(), 13u);
    EXPECT_EQ(text.pieces().size(), 4u);
    EXPECT_EQ(text, "world, hello\n");
    EXPECT_EQ(text.str(), "world, hello\n");
    std::ostringstream out;
    out << text;
    EXPECT_EQ(out.str(), "world, hello\n");
}

TEST(SharedText, SplicedTextsCompareByBytesHoweverTheyAreCut) {
    auto owner = std::make_shared<const std::string>("abcdefabcdef");
    EXPECT_EQ(spliced_from(owner, {{0, 2}, {2, 4}}), spliced_from(owner, {{6, 5}, {11, 1}}));
    EXPECT_EQ(spliced_from(owner, {{0, 1}, {1, 5}}), SharedText("abcdef"));
    EXPECT_FALSE(spliced_from(owner, {{0, 3}, {0, 3}}) == SharedText("abcdef"));
    EXPECT_FALSE(spliced_from(owner, {{0, 3}, {3, 2}}) == std::string("abcdef"));
}

TEST(SharedText, OnePieceOrNoneIsNotSpliced) {
    auto owner = std::make_shared<const std::string>("abc");
    const auto one = spliced_from(owner, {{0, 0}, {1, 2}, {3, 0}});
    EXPECT_EQ(one.data(), owner->data() + 1);  // a view of the piece itself
    EXPECT_EQ(one, "bc");
    EXPECT_TRUE(spliced_from(owner, {{2, 0}}).empty());
    EXPECT_TRUE(spliced_from(owner, {{2, 0}}).pieces().empty());
}

TEST(SharedText, SplicedKeepsItsOwnersAlive) {
    auto owner = std::make_shared<const std::string>("xy");
    std::weak_ptr<const std::string> watch = owner;
    auto text = spliced_from(owner, {{1, 1}, {0, 1}});
    owner.reset();
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(text, "yx");
    text = SharedText();
    EXPECT_TRUE(watch.expired());
}

// The pieces are joined once, by whichever thread asks first; every copy sees that buffer.
TEST(SharedText, SplicedIsJoinedOnceForEveryThread) {
    auto owner = std::make_shared<const std::string>(std::string(100000, 'a') + "b");
    const auto text = spliced_from(owner, {{100000, 1}, {0, 100000}});
    const SharedText copy = text;  // NOLINT: the copy is the point
    const char* seen[2] = {};
    std::thread other([&] { seen[0] = copy.data(); });
    seen[1] = text.data();
    other.join();
    EXPECT_EQ(seen[0], seen[1]);
    EXPECT_EQ(text.view().substr(0, 2), "ba");
    EXPECT_EQ(text.view().size(), 100001u);
}

}  // namespace
}  // namespace patchbay
