// Rule raw-env-read: a registered variable read straight from the environment in Python instead
// of through the registry module (doc: checks/docs/raw-env-read.md). C/C++ code cannot import
// the Python registry, so its reads of registered names are fine.

#include "checks/prefixed_env_reads.hpp"
#include "checks/rules/rule.hpp"

namespace patchbay {

namespace {

class RawEnvReadRun : public RuleRun {
  public:
    RawEnvReadRun(const Rule& rule, const AuditTree& tree, const AuditConfig& config)
        : rule_(rule), config_(config), registry_(load_env_registry(tree, config)) {}

    void check_file(const FileCheck& file, std::vector<Finding>& findings) const override {
        if (!registry_ || file.file().language != Language::python) return;
        for (const auto& read : prefixed_env_reads(file, config_, *registry_))
            if (registry_->has(read.read.name)) findings.push_back(finding_for(read));
    }

  private:
    Finding finding_for(const LocatedEnvRead& read) const {
        auto finding = env_read_finding(rule_.id(), rule_.severity(), read, *registry_);
        const auto& name = read.read.name;
        auto module = registry_->module();
        finding.message = "read '" + name + "' through " + module + " instead of os.environ";
        finding.fix_hint = "import " + module + " and use " + module + "." + name +
                           " (the registry parses and defaults it in one place)";
        return finding;
    }

    const Rule& rule_;
    const AuditConfig& config_;
    std::optional<EnvRegistry> registry_;
};

class RawEnvReadRule : public Rule {
  public:
    std::string_view id() const override { return "raw-env-read"; }
    std::string_view summary() const override {
        return "registered environment variable read from os.environ instead of the registry";
    }
    Severity severity() const override { return Severity::note; }

    std::unique_ptr<RuleRun> start(const AuditTree& tree,
                                   const AuditConfig& config) const override {
        return std::make_unique<RawEnvReadRun>(*this, tree, config);
    }

    bool may_need(const SourceFile& file, const AuditConfig& config) const override {
        return env_rules_may_need(file, config);
    }
};

}  // namespace

std::unique_ptr<Rule> make_raw_env_read_rule() {
    return std::make_unique<RawEnvReadRule>();
}

}  // namespace patchbay
