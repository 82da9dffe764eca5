#include "kernels/arms.hpp"

#include "series/step_changes.hpp"

namespace patchbay {

Result<ArmChanges> arm_changes(const SeriesRun& run, const std::string& patch) {
    for (const auto& report : run.report.patches)
        if (report.name == patch && report.status != PatchStatus::applied)
            return make_error(patch + " is " + to_string(report.status) +
                              (report.reason.empty() ? "" : " (" + report.reason + ")") +
                              ": --arms needs a patch that applies");
    if (run.steps.empty() || run.steps.back().name != patch)
        return make_error(patch + ": no applied patch of that name in the series");
    std::vector<AppliedStep> before(run.steps.begin(), run.steps.end() - 1);
    return ArmChanges{combined_changes(before), combined_changes(run.steps)};
}

const char* to_string(ArmsVerdict verdict) {
    switch (verdict) {
        case ArmsVerdict::discriminates:
            return "discriminates";
        case ArmsVerdict::no_flip:
            return "does not discriminate";
        case ArmsVerdict::undetermined:
            return "undetermined";
    }
    return "?";
}

ArmsVerdict judge_arms(const ReproOutcome& a, const ReproOutcome& b) {
    if (a.status == ReproStatus::skip || b.status == ReproStatus::skip)
        return ArmsVerdict::undetermined;
    if (a.status == ReproStatus::fail && b.status == ReproStatus::ok)
        return ArmsVerdict::discriminates;
    return ArmsVerdict::no_flip;
}

}  // namespace patchbay
