#pragma once
// How the commands that rewrite a series (regenerate, rebase --write) write it back without
// losing anyone's edit. The command fingerprints (SHA-256) patchbay.toml, the series file and
// every patch before it reads them for its work. To write, it takes the series lock (a lock
// file beside patchbay.toml, common/file_lock.hpp), checks that every file still holds what it
// read, and writes all its files or none (common/journaled_write.hpp, the journal also beside
// patchbay.toml). A file changed meanwhile, by another patchbay or an editor, stops the write
// with nothing written. Every run first finishes what a killed run left (recover_series).

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/journaled_write.hpp"
#include "common/result.hpp"
#include "config/config.hpp"
#include "series/series_runner.hpp"

namespace patchbay {

struct SeriesGuardFiles {
    std::filesystem::path lock;     // .patchbay.toml.lock
    std::filesystem::path journal;  // .patchbay.toml.journal
};

// Beside `config.file`, or where patchbay.toml would be when there is none.
SeriesGuardFiles guard_files_of(const Config& config);

struct ReadPrint {
    std::filesystem::path path;
    std::optional<std::string> sha256;  // nullopt: the file did not exist
};

// How long a writer waits for another to release the series lock before it refuses.
inline constexpr std::chrono::seconds kSeriesLockPatience{10};

struct SeriesWriteBack {
    SeriesGuardFiles guard;
    std::vector<ReadPrint> read;  // what the command read, to be checked again under the lock
    std::string holder;           // for the lock file: "patchbay regenerate 0006.patch"
    std::chrono::milliseconds patience = kSeriesLockPatience;
};

// Fingerprints patchbay.toml as `config` parsed it, the series file as `plan` parsed it, and
// every patch the series names, as they are now: call it before the patches are read.
SeriesWriteBack series_write_back(const Config& config, const SeriesPlan& plan, std::string holder);

struct NewText {
    std::filesystem::path path;
    std::string text;
};

// `files` written all or nothing, under the series lock, if every file of `back.read` holds
// what the command read; an Error naming the file that changed otherwise, and nothing written.
Status write_series(const SeriesWriteBack& back, const std::vector<NewText>& files);

struct SeriesRecovery {
    std::optional<FinishedJournal> journal;          // an interrupted series write, finished
    std::vector<std::filesystem::path> temporaries;  // stale temporary files removed
};

// Finishes what a killed run left: its journal, then its temporary files beside patchbay.toml
// and the series file (write_series sweeps a patch's own folder before it writes there). Only
// when no other run holds the series lock (its files are then in use); a folder patchbay
// cannot write is nothing to recover.
Result<SeriesRecovery> recover_series(const Config& config);

}  // namespace patchbay
