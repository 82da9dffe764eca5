#pragma once
// Trees for the rule tests: a fixture folder read from disk, the embedded demo's result tree
// after a prefix of its series (applied by the series runner, as audit-kernels will), and the
// `expect: <rule>` markers of a tree's lines.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "checks/finding.hpp"
#include "checks/source_file.hpp"
#include "config/config.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay::test_support {

namespace fs = std::filesystem;

inline fs::path source_dir() {
    return fs::path(PATCHBAY_SOURCE_DIR);
}

inline std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline AuditTree make_tree(const std::map<std::string, std::string>& files) {
    AuditTree tree;
    for (const auto& [path, text] : files) tree.files.push_back({path, text, language_of(path)});
    return tree;  // std::map keeps the paths sorted
}

inline AuditTree load_fixture_tree(const fs::path& root) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file())
            files[entry.path().lexically_relative(root).generic_string()] = slurp(entry.path());
    return make_tree(files);
}

// The demo's upstream with the series applied up to and including `upto`.
inline AuditTree demo_result_tree(const std::string& upto, Config* config_out = nullptr) {
    auto config = load_config(source_dir() / "examples/demo/patchbay.toml");
    EXPECT_TRUE(config.ok());
    if (!config.ok()) return {};
    if (config_out) *config_out = *config;
    auto source = open_pristine({config->resolve(config->upstream_path), "", "", false, {}});
    auto plan = load_plan(*config);
    EXPECT_TRUE(source.ok() && plan.ok());
    if (!source.ok() || !plan.ok()) return {};
    plan->upto = upto;
    auto run = run_series(*plan, **source);
    EXPECT_TRUE(run.ok());
    std::map<std::string, std::string> files;
    auto pristine_files = (*source)->list_files();
    EXPECT_TRUE(pristine_files.ok());
    if (!pristine_files.ok()) return {};
    for (const auto& path : *pristine_files) files[path] = (*source)->lookup(path)->content;
    for (const auto& step : run->steps)
        for (const auto& [path, state] : step.changes) {
            if (state)
                files[path] = state->content;
            else
                files.erase(path);
        }
    return make_tree(files);
}

using LineSet = std::set<std::pair<std::string, std::int64_t>>;

// (path, line) of every line whose comment says `expect: <rule>`.
inline LineSet expected_lines(const AuditTree& tree, const std::string& rule) {
    LineSet lines;
    for (const auto& file : tree.files) {
        if (file.language == Language::other) continue;
        std::istringstream in(file.text.str());
        std::string line;
        for (std::int64_t number = 1; std::getline(in, line); ++number)
            if (line.find("expect: " + rule) != std::string::npos ||
                line.find("expect-warning: " + rule) != std::string::npos)
                lines.insert({file.path, number});
    }
    return lines;
}

inline LineSet finding_lines(const std::vector<Finding>& findings) {
    LineSet lines;
    for (const auto& finding : findings) lines.insert({finding.path, finding.line});
    return lines;
}

}  // namespace patchbay::test_support
