#include "series/series_write.hpp"

#include <fmt/format.h>

#include <set>

#include "common/file_lock.hpp"
#include "common/path_from_here.hpp"
#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "common/stale_temporaries.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

fs::path config_path(const Config& config) {
    return config.file.empty() ? config.base_dir / "patchbay.toml" : config.file;
}

fs::path beside(const fs::path& file, std::string_view suffix) {
    std::string name = ".";
    name += file.filename().string();
    name += suffix;
    return file.parent_path() / name;
}

std::optional<std::string> print_of(const fs::path& path) {
    auto text = read_file(path);
    if (!text) return std::nullopt;
    return sha256_hex(*text);
}

// The patch files the series' entries name.
std::vector<fs::path> patch_paths(const SeriesPlan& plan) {
    std::vector<fs::path> paths;
    for (const auto& entry : plan.series.entries) paths.push_back(plan.patches_dir / entry.name);
    return paths;
}

Error changed_since_read(const fs::path& path) {
    return make_error(path_from_here(path), 0,
                      "changed while this command ran (another patchbay or an editor wrote it); "
                      "nothing was written: run the command again");
}

Status check_unchanged(const std::vector<ReadPrint>& read) {
    for (const auto& print : read)
        if (print_of(print.path) != print.sha256) return changed_since_read(print.path);
    return Ok{};
}

// Under the lock, after the check: the old texts the journal keeps are what the command read.
Result<std::vector<PlannedFile>> plan_files(const std::vector<NewText>& files) {
    std::vector<PlannedFile> planned;
    for (const auto& file : files) {
        std::optional<std::string> old_text;
        std::error_code ec;
        if (fs::exists(fs::symlink_status(file.path, ec))) {
            auto text = read_file(file.path);
            if (!text) return std::move(text).error();
            old_text = std::move(*text);
        }
        planned.push_back({file.path, file.text, std::move(old_text)});
    }
    return planned;
}

// Where a killed run most likely left temporary files: beside patchbay.toml and the series
// file, found without reading the series (which can be 100 MB). A patch in a subfolder of the
// series folder has its folder swept when a series write next writes into it.
std::set<fs::path> series_folders(const Config& config) {
    return {config_path(config).parent_path(), config.resolve(config.series_file).parent_path()};
}

void remove_stale_beside(const std::vector<NewText>& files) {
    std::set<fs::path> folders;
    for (const auto& file : files) folders.insert(file.path.parent_path());
    for (const auto& folder : folders) remove_stale_temporaries(folder);
}

bool left_behind(const SeriesGuardFiles& guard, const std::set<fs::path>& folders) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(guard.journal, ec))) return true;
    for (const auto& folder : folders)
        if (!temporaries_in(folder).empty()) return true;
    return false;
}

}  // namespace

SeriesGuardFiles guard_files_of(const Config& config) {
    fs::path file = config_path(config);
    return {beside(file, ".lock"), beside(file, ".journal")};
}

SeriesWriteBack series_write_back(const Config& config, const SeriesPlan& plan,
                                  std::string holder) {
    SeriesWriteBack back{guard_files_of(config), {}, std::move(holder)};
    if (!config.file.empty()) back.read.push_back({config.file, config.file_sha256});
    back.read.push_back({config.resolve(config.series_file), plan.series_sha256});
    for (const auto& path : patch_paths(plan)) back.read.push_back({path, print_of(path)});
    return back;
}

Status write_series(const SeriesWriteBack& back, const std::vector<NewText>& files) {
    auto lock = FileLock::acquire(back.guard.lock, back.holder, back.patience);
    if (!lock) return make_error(path_from_here(back.guard.lock), 0, lock.error().message);
    // A journal here was left by a run killed after this command started: finish it, and then
    // the check below sees what it wrote.
    if (auto finished = finish_journal(back.guard.journal); !finished)
        return std::move(finished).error();
    if (auto unchanged = check_unchanged(back.read); !unchanged) return unchanged;
    remove_stale_beside(files);
    auto planned = plan_files(files);
    if (!planned) return std::move(planned).error();
    return write_all_or_nothing(back.guard.journal, *planned);
}

Result<SeriesRecovery> recover_series(const Config& config) {
    SeriesGuardFiles guard = guard_files_of(config);
    auto folders = series_folders(config);
    // Most runs find nothing to do, and leave no lock file even for a moment.
    if (!left_behind(guard, folders)) return SeriesRecovery{};
    auto lock = FileLock::try_acquire(guard.lock, "patchbay, finishing an interrupted write");
    if (!lock || !*lock) return SeriesRecovery{};
    SeriesRecovery recovery;
    auto finished = finish_journal(guard.journal);
    if (!finished) return std::move(finished).error();
    recovery.journal = std::move(*finished);
    for (const auto& folder : folders) {
        auto removed = remove_stale_temporaries(folder);
        recovery.temporaries.insert(recovery.temporaries.end(), removed.begin(), removed.end());
    }
    return recovery;
}

}  // namespace patchbay
