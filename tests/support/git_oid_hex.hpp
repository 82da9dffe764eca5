#pragma once
// A git object id as the git CLI prints it, for comparing with `git rev-parse` and
// `git hash-object` in tests.

#include <git2.h>

#include <string>

namespace patchbay::test_support {

inline std::string hex(const git_oid& id) {
    char text[GIT_OID_HEXSZ + 1] = {};
    git_oid_fmt(text, &id);
    return text;
}

}  // namespace patchbay::test_support
