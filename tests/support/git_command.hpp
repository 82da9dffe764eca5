#pragma once
// git as the tests run it in a shell: an identity of its own and no signing, whatever the
// machine's configuration says.

namespace patchbay::test_support {

inline constexpr const char* kGit =
    "git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false";

}  // namespace patchbay::test_support
