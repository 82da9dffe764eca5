#include "series/git_prefetch.hpp"

#include "series/read_file.hpp"

namespace patchbay {

GitPrefetch::GitPrefetch(const GitTreeReader& reader, std::vector<std::string> paths,
                         unsigned workers, std::filesystem::path work_tree)
    : paths_(std::move(paths)),
      work_tree_(std::move(work_tree)),
      results_(paths_.size()),
      done_(paths_.size(), false) {
    for (std::size_t i = 0; i < paths_.size(); ++i) index_.emplace(paths_[i], i);
    const std::size_t stride = std::max(1u, workers);
    // Reopened here, on this thread: `reader` must not be touched by the workers.
    for (std::size_t first = 0; first < stride && first < paths_.size(); ++first)
        threads_.emplace_back(&GitPrefetch::work, this, reader.reopen(), first, stride);
}

GitPrefetch::~GitPrefetch() {
    for (auto& thread : threads_) thread.join();
}

// Worker `first` reads paths first, first + stride, …: the runner asks in list order, so each
// worker stays about one file ahead of it.
void GitPrefetch::work(Result<GitTreeReader> reader, std::size_t first, std::size_t stride) {
    for (std::size_t i = first; i < paths_.size(); i += stride) {
        if (!reader) {
            publish(i, std::nullopt);
            continue;
        }
        publish(i, read(*reader, paths_[i]));
    }
}

ReadAhead GitPrefetch::read(const GitTreeReader& reader, const std::string& path) const {
    ReadAhead ahead{TreeEntry{}, {}, false};
    ahead.entry = reader.read(path, &ahead.id);
    if (!work_tree_.empty() && ahead.entry && ahead.entry->kind == TreeEntry::Kind::file) {
        auto repo_path = work_tree_;
        for (const auto& component : reader.prefix()) repo_path /= component;
        ahead.work_tree_same = file_holds(repo_path / path, ahead.entry->content);
    }
    return ahead;
}

void GitPrefetch::publish(std::size_t index, std::optional<ReadAhead> result) {
    {
        std::lock_guard lock(mutex_);
        results_[index] = std::move(result);
        done_[index] = true;
    }
    ready_.notify_all();
}

std::optional<ReadAhead> GitPrefetch::take(const std::string& path) {
    auto found = index_.find(path);
    if (found == index_.end()) return std::nullopt;
    const std::size_t index = found->second;
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return done_[index]; });
    return std::exchange(results_[index], std::nullopt);
}

}  // namespace patchbay
