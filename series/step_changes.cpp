#include "series/step_changes.hpp"

namespace patchbay {

TreeChanges combined_changes(const std::vector<AppliedStep>& steps) {
    TreeChanges all;
    for (const auto& step : steps)
        for (const auto& [path, state] : step.changes) all[path] = state;
    return all;
}

std::set<std::string> touched_paths(const std::vector<AppliedStep>& steps,
                                    const std::set<std::string>& step_names) {
    std::set<std::string> paths;
    for (const auto& step : steps)
        if (step_names.count(step.name))
            for (const auto& change : step.changes) paths.insert(change.first);
    return paths;
}

}  // namespace patchbay
