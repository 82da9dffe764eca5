#pragma once
// What a run's applied steps changed, seen as a whole: the result tree's changes and the paths
// a chosen set of patches wrote. The audit and the reproducers both ask, so it lives here.

#include <set>
#include <string>
#include <vector>

#include "series/series_runner.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

// The changes of all applied steps, folded in order.
TreeChanges combined_changes(const std::vector<AppliedStep>& steps);

// The paths the given steps wrote or deleted.
std::set<std::string> touched_paths(const std::vector<AppliedStep>& steps,
                                    const std::set<std::string>& step_names);

}  // namespace patchbay
