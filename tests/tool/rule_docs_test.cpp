// Every rule the audit can report has its one-page doc in checks/docs/<id>.md, and every page
// belongs to a rule (docs/ARCHITECTURE.md §5: one rule, one file, one page).
// Also tests tool/audit_rule_descriptors.cpp and checks/rules/rule_registry.cpp (the rules listed).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tool/audit_report_format.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

const fs::path kDocs = fs::path(PATCHBAY_SOURCE_DIR) / "checks/docs";

std::string read(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(RuleDocs, EveryRuleHasAPageWithTheUsualSections) {
    auto rules = audit_rule_descriptors();
    ASSERT_GE(rules.size(), 4u);  // the three registered rules and invalid-suppression
    for (const auto& rule : rules) {
        auto page = kDocs / (rule.id + ".md");
        ASSERT_TRUE(fs::exists(page)) << "no doc page for rule " << rule.id;
        auto text = read(page);
        EXPECT_TRUE(text.starts_with("# " + rule.id + "\n")) << page;
        for (const char* section :
             {"## What it flags", "## Why it matters", "## How to fix", "## How to suppress"})
            EXPECT_NE(text.find(section), std::string::npos) << page << " lacks " << section;
    }
}

TEST(RuleDocs, EveryPageBelongsToARule) {
    std::set<std::string> ids;
    for (const auto& rule : audit_rule_descriptors()) ids.insert(rule.id);
    for (const auto& entry : fs::directory_iterator(kDocs))
        EXPECT_TRUE(ids.count(entry.path().stem().string())) << entry.path() << " has no rule";
}

}  // namespace
}  // namespace patchbay
