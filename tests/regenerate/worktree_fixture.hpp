#pragma once
// A worktree as `apply --worktree` makes one, built here with the git CLI: the pristine files as
// the first commit ("pristine upstream"), then one commit per patch whose subject is its name.

#include <map>
#include <string>

#include "tests/support/temp_tree.hpp"

namespace patchbay::test_support {

class GitWorktree {
  public:
    GitWorktree() {
        tree.run("git init -q && git config user.name T && git config user.email t@t");
    }

    // Writes `files` (path -> content; empty content removes the path) and commits them.
    void commit(const std::string& subject, const std::map<std::string, std::string>& files) {
        for (const auto& [path, content] : files)
            if (content.empty())
                tree.run("git rm -q '" + path + "'");
            else
                tree.write(path, content);
        tree.run("git add -A && git commit -q --allow-empty -m '" + subject + "'");
    }

    TempTree tree;
};

}  // namespace patchbay::test_support
