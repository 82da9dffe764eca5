#include "common/journaled_write.hpp"

#include <cerrno>
#include <cstring>
#include <set>

#include "common/atomic_write.hpp"
#include "common/deferred_signals.hpp"
#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "common/text_lines.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kFirstLine = "patchbay all-or-nothing write";

// One file of the write. `backup` (the old text) and `old_sha256` are empty for a new file.
struct Entry {
    fs::path target, staged, backup;
    std::string new_sha256, old_sha256;
};

enum class Holds { new_text, old_text, something_else };

// --- the journal file: paths relative to its folder, one "key value" per line --------------

const char* const kKeys[] = {"file", "staged", "backup", "new-sha256", "old-sha256"};

std::string format_journal(const std::vector<Entry>& entries, const fs::path& folder) {
    std::string text = std::string(kFirstLine) + "\n";
    for (const auto& entry : entries) {
        const std::string values[] = {
            entry.target.lexically_relative(folder).string(),
            entry.staged.lexically_relative(folder).string(),
            entry.backup.empty() ? std::string() : entry.backup.lexically_relative(folder).string(),
            entry.new_sha256, entry.old_sha256};
        for (std::size_t k = 0; k < std::size(kKeys); ++k)
            text += std::string(kKeys[k]) + " " + values[k] + "\n";
    }
    return text;
}

Result<std::vector<Entry>> parse_journal(std::string_view text, const fs::path& journal) {
    std::vector<std::string_view> lines;
    for (auto line : split_lines(text)) lines.push_back(without_terminator(line));
    if (lines.empty() || lines[0] != kFirstLine || (lines.size() - 1) % std::size(kKeys) != 0)
        return make_error(journal.string(), 1, "is not a journal of patchbay; it was left alone");
    const fs::path folder = journal.parent_path();
    std::vector<Entry> entries;
    for (std::size_t i = 1; i < lines.size(); i += std::size(kKeys)) {
        std::string values[std::size(kKeys)];
        for (std::size_t k = 0; k < std::size(kKeys); ++k) {
            std::string_view line = lines[i + k];
            std::string key = std::string(kKeys[k]) + " ";
            if (line.substr(0, key.size()) != key)
                return make_error(journal.string(), static_cast<std::int64_t>(i + k + 1),
                                  "expected '" + key + "...'; the journal was left alone");
            values[k] = line.substr(key.size());
        }
        auto path = [&](const std::string& v) { return v.empty() ? fs::path() : folder / v; };
        entries.push_back(
            {path(values[0]), path(values[1]), path(values[2]), values[3], values[4]});
    }
    return entries;
}

// --- the steps ---------------------------------------------------------------------------

Holds holds(const Entry& entry) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(entry.target, ec)))
        return entry.old_sha256.empty() ? Holds::old_text : Holds::something_else;
    auto text = read_file(entry.target);
    if (!text) return Holds::something_else;
    std::string sha = sha256_hex(*text);
    if (sha == entry.new_sha256) return Holds::new_text;
    return sha == entry.old_sha256 ? Holds::old_text : Holds::something_else;
}

void remove_if_there(const fs::path& path) {
    if (!path.empty()) ::unlink(path.c_str());
}

void drop_leftovers(const std::vector<Entry>& entries) {
    for (const auto& entry : entries) {
        remove_if_there(entry.staged);
        remove_if_there(entry.backup);
    }
}

void sync_folders(const std::vector<Entry>& entries) {
    std::set<fs::path> folders;
    for (const auto& entry : entries) folders.insert(entry.target.parent_path());
    for (const auto& folder : folders) sync_folder(folder);
}

Status restore(const Entry& entry) {
    bool done = entry.backup.empty() ? ::unlink(entry.target.c_str()) == 0
                                     : ::rename(entry.backup.c_str(), entry.target.c_str()) == 0;
    if (!done) return errno_error(entry.target.string(), "cannot put the old text back");
    return Ok{};
}

// Every file that holds its new text gets its old one back; one that holds neither was edited
// since and is left as it is.
Result<FinishedJournal> roll_back(const std::vector<Entry>& entries) {
    FinishedJournal finished{JournalEnding::rolled_back, {}, {}};
    for (const auto& entry : entries) {
        Holds now = holds(entry);
        if (now == Holds::something_else) finished.edited.push_back(entry.target);
        if (now != Holds::new_text) continue;
        if (auto restored = restore(entry); !restored) return std::move(restored).error();
        finished.files.push_back(entry.target);
    }
    sync_folders(entries);
    return finished;
}

Status roll_forward(const std::vector<Entry>& entries, const BeforeCommitStep& before_step) {
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (before_step)
            if (auto go_on = before_step(i); !go_on) return go_on;
        if (holds(entries[i]) == Holds::new_text) continue;
        if (::rename(entries[i].staged.c_str(), entries[i].target.c_str()) != 0)
            return errno_error(entries[i].target.string(), "cannot replace the file");
    }
    sync_folders(entries);
    return Ok{};
}

// The write is over: the journal goes first, then the old texts it named.
void end_journal(const fs::path& journal, const std::vector<Entry>& entries) {
    ::unlink(journal.c_str());
    sync_folder(journal.parent_path());
    drop_leftovers(entries);
}

Status stage_one(const PlannedFile& file, Entry& entry) {
    entry.target = fs::absolute(file.path);
    entry.new_sha256 = sha256_hex(file.text);
    auto staged = write_temporary_beside(entry.target, file.text);
    if (!staged) return std::move(staged).error();
    entry.staged = *staged;
    if (!file.old_text) return Ok{};
    entry.old_sha256 = sha256_hex(*file.old_text);
    auto backup = write_temporary_beside(entry.target, *file.old_text);
    if (!backup) return std::move(backup).error();
    entry.backup = *backup;
    return Ok{};
}

Result<std::vector<Entry>> stage(const std::vector<PlannedFile>& files) {
    std::vector<Entry> entries;
    for (const auto& file : files) {
        if (file.path.string().find('\n') != std::string::npos)
            return drop_leftovers(entries),
                   make_error(file.path.string(), 0, "a file name with a line break");
        Status staged = stage_one(file, entries.emplace_back());
        if (!staged) return drop_leftovers(entries), std::move(staged).error();
    }
    return entries;
}

Error nothing_written(Error error, const Status& rolled_back, const fs::path& journal) {
    if (rolled_back)
        error.message += "; nothing was written";
    else
        error.message += "; putting the old files back failed too (" +
                         rolled_back.error().located() +
                         "): the next run of patchbay retries, "
                         "from " +
                         journal.string();
    return error;
}

}  // namespace

Status write_all_or_nothing(const fs::path& journal_path, const std::vector<PlannedFile>& files,
                            const BeforeCommitStep& before_step) {
    DeferredSignals deferred;
    const fs::path journal = fs::absolute(journal_path);
    auto entries = stage(files);
    if (!entries) return std::move(entries).error();
    if (auto decided = write_atomically(journal, format_journal(*entries, journal.parent_path()));
        !decided)
        return drop_leftovers(*entries), decided;
    if (auto committed = roll_forward(*entries, before_step); !committed) {
        auto rolled_back = roll_back(*entries);
        Status undone = rolled_back ? Status(Ok{}) : Status(rolled_back.error());
        if (rolled_back) end_journal(journal, *entries);
        return nothing_written(std::move(committed).error(), undone, journal);
    }
    end_journal(journal, *entries);
    return Ok{};
}

Result<std::optional<FinishedJournal>> finish_journal(const fs::path& journal_path) {
    const fs::path journal = fs::absolute(journal_path);
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(journal, ec))) return std::optional<FinishedJournal>();
    DeferredSignals deferred;
    auto text = read_file(journal);
    if (!text) return std::move(text).error();
    auto entries = parse_journal(*text, journal);
    if (!entries) return std::move(entries).error();
    bool intact = true;
    for (const auto& entry : *entries) intact = intact && holds(entry) != Holds::something_else;
    if (intact && roll_forward(*entries, {})) {
        end_journal(journal, *entries);
        std::vector<fs::path> written;
        for (const auto& entry : *entries) written.push_back(entry.target);
        return std::optional<FinishedJournal>({JournalEnding::completed, written, {}});
    }
    auto rolled_back = roll_back(*entries);
    if (!rolled_back) return std::move(rolled_back).error();
    end_journal(journal, *entries);
    return std::optional<FinishedJournal>(std::move(*rolled_back));
}

}  // namespace patchbay
