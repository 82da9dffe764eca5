#include "series/git_prefetch.hpp"

namespace patchbay {

GitPrefetch::GitPrefetch(GitTreeReader::Location where, std::vector<std::string> paths,
                         unsigned workers, std::filesystem::path work_tree)
    : where_(std::move(where)),
      paths_(std::move(paths)),
      work_tree_(std::move(work_tree)),
      results_(paths_.size()),
      states_(paths_.size(), State::waiting) {
    for (std::size_t i = 0; i < paths_.size(); ++i) index_.emplace(paths_[i], i);
    const std::size_t count = std::min<std::size_t>(std::max(1u, workers), paths_.size());
    for (std::size_t i = 0; i < count; ++i) threads_.emplace_back(&GitPrefetch::work, this);
}

GitPrefetch::~GitPrefetch() {
    {
        std::lock_guard lock(mutex_);
        next_ = paths_.size();
    }
    wait_for_workers();
}

void GitPrefetch::wait_for_workers() {
    for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
}

// A worker that cannot open the repository reads nothing: the caller reads those paths.
void GitPrefetch::work() {
    auto reader = GitTreeReader::open(where_);
    if (!reader) return;
    while (auto index = claim_next()) publish(*index, reader->read(paths_[*index], work_tree_));
}

std::optional<std::size_t> GitPrefetch::claim_next() {
    std::lock_guard lock(mutex_);
    while (next_ < paths_.size() && states_[next_] != State::waiting) ++next_;
    if (next_ == paths_.size()) return std::nullopt;
    states_[next_] = State::reading;
    return next_++;
}

void GitPrefetch::publish(std::size_t index, TreeRead result) {
    {
        std::lock_guard lock(mutex_);
        results_[index] = std::move(result);
        states_[index] = State::done;
    }
    ready_.notify_all();
}

std::optional<TreeRead> GitPrefetch::take(const std::string& path) {
    auto found = index_.find(path);
    if (found == index_.end()) return std::nullopt;
    const std::size_t index = found->second;
    std::unique_lock lock(mutex_);
    if (states_[index] == State::waiting || states_[index] == State::taken) {
        states_[index] = State::taken;
        return std::nullopt;
    }
    ready_.wait(lock, [&] { return states_[index] == State::done; });
    states_[index] = State::taken;
    return std::exchange(results_[index], std::nullopt);
}

}  // namespace patchbay
