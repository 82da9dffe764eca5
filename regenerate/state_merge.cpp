#include "regenerate/state_merge.hpp"

namespace patchbay {

namespace {

// The executable bit the side that changed it says, else ours.
bool executable_of(const PathState& base, const PathState& ours, const PathState& theirs) {
    return theirs->executable != base->executable ? theirs->executable : ours->executable;
}

}  // namespace

Result<std::optional<PathState>> merge_states(const PathState& base, const PathState& ours,
                                              const PathState& theirs) {
    if (theirs == base || ours == theirs) return std::optional<PathState>(ours);
    if (ours == base) return std::optional<PathState>(theirs);
    if (!is_regular_file(base) || !is_regular_file(ours) || !is_regular_file(theirs))
        return std::optional<PathState>();
    auto merged = merge_texts(base->content.view(), ours->content.view(), theirs->content.view());
    if (!merged) return merged.error();
    if (!merged->clean) return std::optional<PathState>();
    return std::optional<PathState>(
        FileState{std::move(merged->text), executable_of(base, ours, theirs), false});
}

Result<PathState> conflict_state(const PathState& base, const PathState& ours,
                                 const PathState& theirs, const MergeLabels& labels) {
    if (!is_regular_file(base) || !is_regular_file(ours) || !is_regular_file(theirs)) return ours;
    auto merged =
        merge_texts(base->content.view(), ours->content.view(), theirs->content.view(), labels);
    if (!merged) return merged.error();
    return PathState(FileState{std::move(merged->text), executable_of(base, ours, theirs), false});
}

}  // namespace patchbay
