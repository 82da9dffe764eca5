#include "series/undo_snapshot.hpp"

#include <set>

#include "common/tree_path.hpp"
#include "series/patch_applier.hpp"

namespace patchbay {

namespace {

// The state right after the patch, at the captured paths only.
class SnapshotSource : public PristineSource {
  public:
    explicit SnapshotSource(const UndoSnapshot& check) : check_(check) {}

    Result<TreeEntry> lookup(const std::string& path) const override {
        if (const auto* found = check_.after.find(path)) return *found;
        missed_ = true;
        return make_error("'" + path + "' is not in the snapshot");
    }
    const SourceDescription& description() const override { return description_; }
    Result<std::vector<std::string>> list_files() const override {
        return make_error("a snapshot cannot list its files");
    }
    bool missed() const { return missed_; }

  private:
    const UndoSnapshot& check_;
    SourceDescription description_;
    mutable bool missed_ = false;
};

std::set<std::string> copy_targets(const PatchFile& patch, int strip) {
    std::set<std::string> targets;
    for (const auto& file : patch.files)
        if (file.op == FileOp::copy)
            if (auto target = strip_path(file.new_name, strip))
                targets.insert(canonical_tree_path(*target));
    return targets;
}

std::optional<FileState> state_at(const TreeState& state, const std::string& path) {
    auto entry = state.lookup(path);
    return entry ? to_state(std::move(entry).value()) : std::nullopt;
}

}  // namespace

UndoSnapshot capture_undo_snapshot(const TreeState& state, std::shared_ptr<const PatchFile> patch,
                                   std::shared_ptr<const PatchUndo> undo, int strip,
                                   std::string label, TreeChanges before) {
    UndoSnapshot check{std::move(patch), std::move(undo),   strip,
                       std::move(label), std::move(before), {}};
    for (const auto& path : lookup_paths(*check.patch, strip)) check.after.capture(state, path);
    return check;
}

// When every patch passes, undoing the whole series last first restores the pristine tree:
// each undo starts from the state the later one gave back.
bool undoes_cleanly(const UndoSnapshot& check) {
    SnapshotSource snapshot(check);
    const TreeState after(snapshot);
    auto back = apply_patch(after, check.undo->patch, check.strip, check.undo->section_options,
                            check.label, &check.before);
    if (snapshot.missed() || back.report.status != PatchStatus::applied) return false;
    const auto copies = copy_targets(*check.patch, check.strip);
    auto undone = [&](const std::string& path) -> std::optional<FileState> {
        if (auto found = back.changes.find(path); found != back.changes.end()) return found->second;
        if (copies.count(path)) return std::nullopt;  // undoing a copy deletes its target
        return state_at(after, path);
    };
    for (const auto& [path, state] : check.before)
        if (undone(path) != state) return false;
    for (const auto& [path, state] : back.changes)  // what the patch did not change stays
        if (!check.before.count(path) && state_at(after, path) != state) return false;
    return !snapshot.missed();
}

}  // namespace patchbay
