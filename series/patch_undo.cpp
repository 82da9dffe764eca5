#include "series/patch_undo.hpp"

#include "series/patch_applier.hpp"

namespace patchbay {

namespace {

// The hunks of `file` that changed the text, turned round, and the fuzz each needed.
FileDiff undo_section(const FileDiff& file, const FileReport& report, PatchOptions& options) {
    FileDiff back = reversed_section(file);
    back.hunks.clear();
    options = PatchOptions{0, false, {}};
    for (std::size_t i = 0; i < file.hunks.size() && i < report.hunks.size(); ++i) {
        const HunkOutcome& outcome = report.hunks[i];
        if (outcome.status == HunkStatus::already_applied) continue;
        back.hunks.push_back(reversed(file.hunks[i]));
        options.hunk_fuzz.push_back(outcome.fuzz);
    }
    return back;
}

// A modification whose hunks were all already applied, with no mode change: nothing to undo.
bool changes_nothing(const FileDiff& file, const FileDiff& back) {
    return file.op == FileOp::modify && back.hunks.empty() && !file.changes_mode() &&
           !file.git_binary;
}

}  // namespace

PatchUndo undo_of(const PatchFile& patch, const PatchReport& report) {
    PatchUndo undo;
    undo.patch.path = patch.path;
    for (std::size_t i = patch.files.size(); i-- > 0;) {
        const FileDiff& file = patch.files[i];
        if (file.op == FileOp::copy || i >= report.files.size() || !report.files[i].stored)
            continue;
        PatchOptions options;
        FileDiff back = undo_section(file, report.files[i], options);
        if (changes_nothing(file, back)) continue;
        undo.patch.files.push_back(std::move(back));
        undo.section_options.push_back(std::move(options));
    }
    return undo;
}

}  // namespace patchbay
