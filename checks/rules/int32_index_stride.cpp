// Rule int32-index-stride: a value read from an index table multiplied by a stride without
// being widened to 64 bits first (doc: checks/docs/int32-index-stride.md).

#include <fnmatch.h>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/reach.hpp"
#include "checks/rules/rule.hpp"
#include "checks/text_contains.hpp"

namespace patchbay {

bool is_index_table_name(std::string_view name, const AuditConfig& config) {
    std::string text(name);
    for (const auto& pattern : config.index_tables)
        if (fnmatch(pattern.c_str(), text.c_str(), 0) == 0) return true;
    return false;
}

namespace {

// The literal text every name matching `pattern` starts with ("block_table" for
// "block_table*"): the part before its first wildcard.
std::string literal_prefix(const std::string& pattern) {
    return pattern.substr(0, pattern.find_first_of("*?[\\"));
}

// A finding needs a load from an index table (a name matching one of the patterns, so the text
// holds the pattern's literal prefix) and a multiply; in Python also a @triton.jit or @jit
// function. A file without them is not tokenized. An empty prefix ("*_table") matches anything.
class CannotMatch {
  public:
    explicit CannotMatch(const AuditConfig& config) {
        for (const auto& pattern : config.index_tables) add_prefix(literal_prefix(pattern));
    }

    bool operator()(const SourceFile& file) const {
        std::string_view text = file.text;
        if (text.find('*') == std::string_view::npos) return true;
        if (file.language == Language::python && !text_contains(text, "jit")) return true;
        for (const auto& prefix : table_prefixes_)
            if (text_contains(text, prefix)) return false;
        return true;
    }

  private:
    // A text holding "block_tables" holds "block_table": only the shorter one is searched for.
    void add_prefix(const std::string& prefix) {
        for (const auto& known : table_prefixes_)
            if (prefix.find(known) != std::string::npos) return;
        std::erase_if(table_prefixes_, [&](const std::string& known) {
            return known.find(prefix) != std::string::npos;
        });
        table_prefixes_.push_back(prefix);
    }

    std::vector<std::string> table_prefixes_;
};

class Int32IndexStrideRun : public RuleRun {
  public:
    Int32IndexStrideRun(const AuditTree& tree, const AuditConfig& config)
        : config_(config),
          reach_(reach_for(config)),
          tree_aliases_(tree_type_aliases(tree)),
          cannot_match_(config) {}

    void check_file(const SourceFile& file, std::vector<Finding>& findings) const override {
        if (file.language == Language::other || cannot_match_(file)) return;
        auto found = file.language == Language::python
                         ? triton_index_stride_findings(file, config_)
                         : cuda_index_stride_findings(file, tree_aliases_, config_);
        for (auto& finding : found) {
            finding.reach = reach_;
            findings.push_back(std::move(finding));
        }
    }

  private:
    const AuditConfig& config_;
    std::optional<Reach> reach_;
    TypeAliases tree_aliases_;
    CannotMatch cannot_match_;
};

class Int32IndexStrideRule : public Rule {
  public:
    std::string_view id() const override { return kIndexStrideRule; }
    std::string_view summary() const override {
        return "index-table value times a stride in 32-bit address arithmetic";
    }
    Severity severity() const override { return Severity::error; }

    std::unique_ptr<RuleRun> start(const AuditTree& tree,
                                   const AuditConfig& config) const override {
        return std::make_unique<Int32IndexStrideRun>(tree, config);
    }

    // A finding needs what CannotMatch looks for; a C/C++ file that spells typedef or using
    // may declare a stride type another file uses.
    bool may_need(const SourceFile& file, const AuditConfig& config) const override {
        if (file.language == Language::cuda &&
            (text_contains(file.text, "typedef") || text_contains(file.text, "using")))
            return true;
        return (file.language == Language::python || file.language == Language::cuda) &&
               !CannotMatch(config)(file);
    }
};

}  // namespace

std::unique_ptr<Rule> make_int32_index_stride_rule() {
    return std::make_unique<Int32IndexStrideRule>();
}

}  // namespace patchbay
