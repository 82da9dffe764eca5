// Rule unregistered-env-read: a prefixed environment variable read by a name the registry table
// does not list (doc: checks/docs/unregistered-env-read.md).

#include "checks/prefixed_env_reads.hpp"
#include "checks/rule.hpp"

namespace patchbay {

namespace {

class UnregisteredEnvReadRule : public Rule {
  public:
    std::string_view id() const override { return "unregistered-env-read"; }
    std::string_view summary() const override {
        return "environment variable read by a name the env registry does not list";
    }
    Severity severity() const override { return Severity::warning; }

    void check(const AuditTree& tree, const AuditConfig& config,
               std::vector<Finding>& findings) const override {
        auto registry = load_env_registry(tree, config);
        if (!registry) return;
        for (const auto& read : prefixed_env_reads(tree, config, *registry))
            if (!registry->has(read.read.name)) findings.push_back(finding_for(read, *registry));
    }

  private:
    Finding finding_for(const LocatedEnvRead& read, const EnvRegistry& registry) const {
        auto finding = env_read_finding(id(), severity(), read, registry);
        const auto& name = read.read.name;
        finding.message = "environment variable '" + name +
                          "' is read here but is not registered in " + registry.path + " (" +
                          registry.table + ")";
        finding.fix_hint = "add '" + name + "' to " + registry.table + " in " + registry.path +
                           ", or read it through " + registry.module();
        return finding;
    }
};

}  // namespace

std::unique_ptr<Rule> make_unregistered_env_read_rule() {
    return std::make_unique<UnregisteredEnvReadRule>();
}

}  // namespace patchbay
