// Rule int32-index-stride: a value read from an index table multiplied by a stride without
// being widened to 64 bits first (doc: checks/docs/int32-index-stride.md).

#include <fnmatch.h>

#include "checks/index_stride_analysis.hpp"
#include "checks/reach.hpp"
#include "checks/rule.hpp"

namespace patchbay {

bool is_index_table_name(std::string_view name, const AuditConfig& config) {
    std::string text(name);
    for (const auto& pattern : config.index_tables)
        if (fnmatch(pattern.c_str(), text.c_str(), 0) == 0) return true;
    return false;
}

namespace {

class Int32IndexStrideRule : public Rule {
  public:
    std::string_view id() const override { return kIndexStrideRule; }
    std::string_view summary() const override {
        return "index-table value times a stride in 32-bit address arithmetic";
    }
    Severity severity() const override { return Severity::error; }

    void check(const AuditTree& tree, const AuditConfig& config,
               std::vector<Finding>& findings) const override {
        auto reach = reach_for(config);
        for (const auto& file : tree.files) {
            std::vector<Finding> found;
            if (file.language == Language::python)
                found = triton_index_stride_findings(file, config);
            if (file.language == Language::cuda)
                found = cuda_index_stride_findings(file, tree, config);
            for (auto& finding : found) {
                finding.reach = reach;
                findings.push_back(std::move(finding));
            }
        }
    }
};

}  // namespace

std::unique_ptr<Rule> make_int32_index_stride_rule() {
    return std::make_unique<Int32IndexStrideRule>();
}

}  // namespace patchbay
