// Rule unregistered-env-read: a prefixed environment variable read by a name the registry table
// does not list (doc: checks/docs/unregistered-env-read.md).

#include "checks/prefixed_env_reads.hpp"
#include "checks/rules/rule.hpp"

namespace patchbay {

namespace {

class UnregisteredEnvReadRun : public RuleRun {
  public:
    UnregisteredEnvReadRun(const Rule& rule, const AuditTree& tree, const AuditConfig& config)
        : rule_(rule), config_(config), registry_(load_env_registry(tree, config)) {}

    void check_file(const FileCheck& file, std::vector<Finding>& findings) const override {
        if (!registry_) return;
        for (const auto& read : prefixed_env_reads(file, config_, *registry_))
            if (!registry_->has(read.read.name)) findings.push_back(finding_for(read));
    }

  private:
    Finding finding_for(const LocatedEnvRead& read) const {
        const auto& registry = *registry_;
        auto finding = env_read_finding(rule_.id(), rule_.severity(), read, registry);
        const auto& name = read.read.name;
        finding.message = "environment variable '" + name +
                          "' is read here but is not registered in " + registry.path + " (" +
                          registry.table + ")";
        finding.fix_hint = "add '" + name + "' to " + registry.table + " in " + registry.path +
                           ", or read it through " + registry.module();
        return finding;
    }

    const Rule& rule_;
    const AuditConfig& config_;
    std::optional<EnvRegistry> registry_;
};

class UnregisteredEnvReadRule : public Rule {
  public:
    std::string_view id() const override { return "unregistered-env-read"; }
    std::string_view summary() const override {
        return "environment variable read by a name the env registry does not list";
    }
    Severity severity() const override { return Severity::warning; }

    std::unique_ptr<RuleRun> start(const AuditTree& tree,
                                   const AuditConfig& config) const override {
        return std::make_unique<UnregisteredEnvReadRun>(*this, tree, config);
    }

    bool may_need(const SourceFile& file, const AuditConfig& config) const override {
        return env_rules_may_need(file, config);
    }
};

}  // namespace

std::unique_ptr<Rule> make_unregistered_env_read_rule() {
    return std::make_unique<UnregisteredEnvReadRule>();
}

}  // namespace patchbay
