#pragma once
// Several files written all or nothing (the patches and patchbay.toml that `rebase --write`
// rewrites together). Every new text and every old one is first staged beside its file
// (common/atomic_write.hpp); a journal naming them is then written, atomically: from that moment
// the write is decided. The files are renamed into place, the journal is removed, the old
// texts are dropped. A failure on the way puts the old texts back; a run killed on the way
// leaves the journal, and the next run finishes it (finish_journal): it completes the write
// when every file still holds its old or its new text, and otherwise puts the old texts back,
// leaving alone a file someone edited since.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

struct PlannedFile {
    std::filesystem::path path;
    std::string text;                     // the new text
    std::optional<std::string> old_text;  // what it replaces; nullopt: the file is new
};

// Runs before files[index] is renamed into place; an Error stops the write there (and the
// old texts are put back). Tests inject failures and deaths with it.
using BeforeCommitStep = std::function<Status(std::size_t index)>;

Status write_all_or_nothing(const std::filesystem::path& journal,
                            const std::vector<PlannedFile>& files,
                            const BeforeCommitStep& before_step = {});

enum class JournalEnding { completed, rolled_back };

struct FinishedJournal {
    JournalEnding ending;
    std::vector<std::filesystem::path> files;   // written (completed) or put back (rolled back)
    std::vector<std::filesystem::path> edited;  // changed since the interruption: left as they are
};

// What an interrupted write left, finished; nullopt when `journal` does not exist.
Result<std::optional<FinishedJournal>> finish_journal(const std::filesystem::path& journal);

}  // namespace patchbay
