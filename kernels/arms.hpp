#pragma once
// `repro --arms PATCH`: arm A is the tree up to the applied patch before PATCH, arm B the tree up
// to PATCH. A patch discriminates when it flips a reproducer from FAIL (A) to OK (B).

#include <string>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "kernels/repro_outcome.hpp"
#include "series/series_runner.hpp"

namespace patchbay {

struct ArmChanges {
    TreeChanges a;  // every applied patch before PATCH
    TreeChanges b;  // ... and PATCH
};

// From a run of the series up to PATCH (plan.upto = PATCH). An Error when PATCH did not apply
// (rejected, skipped, failed) or is not the run's last applied step.
Result<ArmChanges> arm_changes(const SeriesRun& run, const std::string& patch);

enum class ArmsVerdict { discriminates, no_flip, undetermined };
const char* to_string(
    ArmsVerdict verdict);  // "discriminates", "does not discriminate", "undetermined"

// discriminates: A FAIL and B OK; undetermined: either arm skipped; otherwise no_flip.
ArmsVerdict judge_arms(const ReproOutcome& a, const ReproOutcome& b);

}  // namespace patchbay
