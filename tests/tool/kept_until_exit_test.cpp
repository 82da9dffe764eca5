#include "tool/kept_until_exit.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(KeepUntilExit, TheValueOutlivesItsOwnerAndStaysReachable) {
    auto watched = std::make_shared<int>(42);
    std::weak_ptr<int> watch = watched;
    const std::size_t before = kept_until_exit().size();
    {
        struct Holder {
            std::shared_ptr<int> value;
        };
        keep_until_exit(Holder{std::move(watched)});
    }
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(*watch.lock(), 42);
    EXPECT_EQ(kept_until_exit().size(), before + 1);
}

}  // namespace
}  // namespace patchbay
