#pragma once
// Every command-line flag, in one struct: the command table binds each command's flags to it.

#include <map>
#include <optional>
#include <string>

#include "kernels/repro_options.hpp"

namespace patchbay {

struct CliOptions {
    // where the inputs are
    std::string config;
    // The flags of patchbay.toml's keys (config/config_keys.hpp): dotted key -> the flag's text,
    // empty when not given. They override the file.
    std::map<std::string, std::string> config_flags;
    bool allow_dirty = false;

    // how to report
    std::string progress = "auto";  // --progress: auto (stderr a terminal), always, never
    std::string format = "text";
    std::string output;
    std::string color = "auto";
    std::string summary;  // --summary FILE: a Markdown summary appended there as well

    // apply
    std::string worktree;
    std::string upto;

    // audit-kernels
    std::string tree;
    std::string base;
    std::string diff;
    std::string fail_on;
    bool hide_existing = false;
    std::optional<int> jobs;

    // repro (and verify)
    ReproOptions repro;

    // regenerate
    std::string patch_name;
    bool check = false;
    std::string from_commit;
    std::string repo;
    bool add_files = false;
    std::string dialect;  // regenerate --dialect: git, quilt or plain; empty: the old patch's

    // rebase
    std::string onto;
    bool write = false;
    bool continue_rebase = false;  // --continue, in the --worktree a conflict stopped at
    bool drop_upstreamed = false;  // --write deletes the files of patches already upstream
    bool keep_upstreamed = false;  // --write keeps them listed, with a skip rule
};

}  // namespace patchbay
