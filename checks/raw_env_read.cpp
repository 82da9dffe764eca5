// Rule raw-env-read: a registered variable read straight from the environment in Python instead
// of through the registry module (doc: checks/docs/raw-env-read.md). C/C++ code cannot import
// the Python registry, so its reads of registered names are fine.

#include "checks/prefixed_env_reads.hpp"
#include "checks/rule.hpp"

namespace patchbay {

namespace {

class RawEnvReadRule : public Rule {
  public:
    std::string_view id() const override { return "raw-env-read"; }
    std::string_view summary() const override {
        return "registered environment variable read from os.environ instead of the registry";
    }
    Severity severity() const override { return Severity::note; }

    void check(const AuditTree& tree, const AuditConfig& config,
               std::vector<Finding>& findings) const override {
        auto registry = load_env_registry(tree, config);
        if (!registry) return;
        for (const auto& read : prefixed_env_reads(tree, config, *registry))
            if (read.file->language == Language::python && registry->has(read.read.name))
                findings.push_back(finding_for(read, *registry));
    }

  private:
    Finding finding_for(const LocatedEnvRead& read, const EnvRegistry& registry) const {
        auto finding = env_read_finding(id(), severity(), read, registry);
        const auto& name = read.read.name;
        auto module = registry.module();
        finding.message = "read '" + name + "' through " + module + " instead of os.environ";
        finding.fix_hint = "import " + module + " and use " + module + "." + name +
                           " (the registry parses and defaults it in one place)";
        return finding;
    }
};

}  // namespace

std::unique_ptr<Rule> make_raw_env_read_rule() {
    return std::make_unique<RawEnvReadRule>();
}

}  // namespace patchbay
