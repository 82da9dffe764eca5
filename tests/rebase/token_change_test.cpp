#include "rebase/token_change.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

std::string run(std::initializer_list<const char*> tokens) {
    std::string out(1, '\x1f');
    for (const char* token : tokens) out.append(token) += '\x1f';
    return out;
}

TEST(TokenChange, ALongerConditionInsertsOnlyItsNewTokens) {
    auto change =
        token_change({"\tint r, constrained = (life || confirm);\n"},
                     {"\tint r,\n", "\tconstrained = (life || confirm || client_certificates);\n"});
    ASSERT_EQ(change.inserted.size(), 1u) << "re-wrapping inserts nothing";
    EXPECT_EQ(change.inserted[0].run, run({"|", "|", "client_certificates"}));
    EXPECT_EQ(change.inserted[0].line, 1u) << "the line it is on";
    EXPECT_TRUE(change.deleted.empty());
}

TEST(TokenChange, AShortRunComesWithTheTokensAroundIt) {
    auto change = token_change({"if(family(handler) == PROTO_SSH) {\n"},
                               {"if(family(handler) & PROTO_SSH) {\n"});
    ASSERT_EQ(change.inserted.size(), 1u);
    EXPECT_EQ(change.inserted[0].run, run({"handler", ")", "&", "PROTO_SSH", ")"}));
    EXPECT_TRUE(change.deleted.empty()) << "`==` alone has no letters";
}

TEST(TokenChange, DeletedRunsKeepANeighbourOnEachSide) {
    auto change = token_change({"free(buffer);\n", "report_failure(data);\n"}, {"free(buffer);\n"});
    EXPECT_TRUE(change.inserted.empty());
    ASSERT_EQ(change.deleted.size(), 1u);
    EXPECT_EQ(change.deleted[0], run({";", "report_failure", "(", "data", ")", ";"}));
}

TEST(TokenChange, RunsFindWholeTokensOnly) {
    auto text = token_text({"  ndest_constraints = NULL;\n"}, 0, 1);
    EXPECT_TRUE(has_run(text, run({"ndest_constraints", "=", "NULL"})));
    EXPECT_FALSE(has_run(text, run({"dest_constraints", "=", "NULL"})));
}

}  // namespace
}  // namespace patchbay
