#include "series/tree_state.hpp"

#include <gtest/gtest.h>

#include <map>

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;

// A pristine tree written by hand: a.txt, an executable run.sh, a symlink, a directory.
class FixedSource : public PristineSource {
  public:
    Result<TreeEntry> lookup(const std::string& path) const override {
        if (path == "a.txt") return TreeEntry{Kind::file, "alpha\n", false};
        if (path == "run.sh") return TreeEntry{Kind::file, "#!/bin/sh\n", true};
        if (path == "link") return TreeEntry{Kind::symlink, "a.txt", false};
        if (path == "dir") return TreeEntry{Kind::directory, "", false};
        if (path == "bad") return make_error("bad", 0, "unreadable");
        return TreeEntry{};
    }
    const SourceDescription& description() const override { return description_; }
    Result<std::vector<std::string>> list_files() const override {
        return std::vector<std::string>{"a.txt", "link", "run.sh"};
    }

  private:
    SourceDescription description_;
};

TEST(ToState, MovingAnEntryGivesTheSameStateAsCopyingIt) {
    TreeEntry file{Kind::file, "bytes\n", true};
    EXPECT_EQ(to_state(TreeEntry(file)), (FileState{"bytes\n", true, false}));
    EXPECT_EQ(to_state(TreeEntry{Kind::symlink, "target", true}),
              (FileState{"target", false, true}));
    EXPECT_EQ(to_state(TreeEntry{Kind::directory, "", false}), std::nullopt);
    EXPECT_EQ(to_state(TreeEntry{}), std::nullopt);
}

TEST(TreeStateHolds, PristineFilesSymlinksAndAbsentPaths) {
    FixedSource source;
    TreeState state(source);
    EXPECT_TRUE(state.holds("a.txt", FileState{"alpha\n", false, false}));
    EXPECT_FALSE(state.holds("a.txt", FileState{"alpha\n", true, false}));
    EXPECT_FALSE(state.holds("a.txt", FileState{"beta\n", false, false}));
    EXPECT_FALSE(state.holds("a.txt", std::nullopt));
    EXPECT_TRUE(state.holds("run.sh", FileState{"#!/bin/sh\n", true, false}));
    EXPECT_TRUE(state.holds("link", FileState{"a.txt", false, true}));
    EXPECT_TRUE(state.holds("missing", std::nullopt));
    EXPECT_TRUE(state.holds("dir", std::nullopt));
    EXPECT_FALSE(state.holds("bad", std::nullopt));
}

TEST(TreeStateHolds, ChangesLaidOverThePristineTree) {
    FixedSource source;
    TreeState state(source);
    state.apply(TreeChanges{{"a.txt", FileState{"changed\n", false, false}},
                            {"run.sh", std::nullopt},
                            {"newlink", FileState{"dir", true, true}}});
    EXPECT_TRUE(state.holds("a.txt", FileState{"changed\n", false, false}));
    EXPECT_FALSE(state.holds("a.txt", FileState{"alpha\n", false, false}));
    EXPECT_TRUE(state.holds("run.sh", std::nullopt));
    // lookup() reports a symlink as never executable; holds() agrees with it
    EXPECT_TRUE(state.holds("newlink", FileState{"dir", false, true}));
    EXPECT_FALSE(state.holds("newlink", FileState{"dir", true, true}));
    // below a symlink the patch created, nothing is reachable
    EXPECT_TRUE(state.holds("newlink/x", std::nullopt));
    EXPECT_FALSE(state.holds("newlink/x", FileState{"", false, false}));
}

TEST(TreeStateApply, MovedChangesReplaceEarlierOnes) {
    FixedSource source;
    TreeState state(source);
    state.apply(TreeChanges{{"a.txt", FileState{"one\n", false, false}}});
    TreeChanges second{{"a.txt", FileState{"two\n", true, false}}, {"b.txt", std::nullopt}};
    state.apply(std::move(second));
    auto entry = state.lookup("a.txt");
    ASSERT_TRUE(entry.ok());
    EXPECT_EQ(entry->content, "two\n");
    EXPECT_TRUE(entry->executable);
    EXPECT_EQ(state.changes().size(), 2u);
    EXPECT_EQ(state.changes().at("b.txt"), std::nullopt);
}

}  // namespace
}  // namespace patchbay
