// The libgit2 kit: object ids in hex as git prints them, and libgit2's error text.

#include "common/git_handles.hpp"

#include <gtest/gtest.h>

#include "common/git_blob_id.hpp"

namespace patchbay {
namespace {

git_oid oid_of(const std::string& hex) {
    git_oid id;
    EXPECT_EQ(git_oid_fromstr(&id, hex.c_str()), 0) << hex;
    return id;
}

TEST(GitHandles, OidHexIsTheWholeIdOrItsPrefix) {
    ensure_libgit2();
    const std::string hex = git_blob_id_hex("hello\n");
    EXPECT_EQ(oid_hex(oid_of(hex)), hex);
    EXPECT_EQ(oid_hex(oid_of(hex), 7), hex.substr(0, 7));
}

TEST(GitHandles, ErrorsCarryLibgit2sMessage) {
    ensure_libgit2();
    ensure_libgit2();  // once only: a second call changes nothing
    git_error_clear();
    EXPECT_EQ(last_git_error("fallback"), "fallback");
    EXPECT_EQ(libgit2_error("cannot commit").message, "cannot commit: unknown libgit2 error");
    git_repository* raw = nullptr;
    ASSERT_NE(git_repository_open(&raw, "/nonexistent/patchbay-test"), 0);
    RepositoryPtr repo(raw);
    const std::string reason = last_git_error("fallback");
    EXPECT_NE(reason, "fallback");
    EXPECT_EQ(libgit2_error("cannot open").message, "cannot open: " + reason);
}

}  // namespace
}  // namespace patchbay
