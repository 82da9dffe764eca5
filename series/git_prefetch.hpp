#pragma once
// Reads pristine files ahead of the series runner, on worker threads with repository handles
// of their own: inflating the touched blobs was the largest cost of a check-series run, and
// with the paths known up front the runner applies one file while the next ones are read.

#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "series/git_tree_reader.hpp"

namespace patchbay {

class GitPrefetch {
  public:
    // Starts `workers` threads (at least one), each opening its own reader of `where` and
    // taking the next path nobody has started, in list order; `work_tree` as for
    // GitTreeReader::read.
    GitPrefetch(GitTreeReader::Location where, std::vector<std::string> paths, unsigned workers,
                std::filesystem::path work_tree = {});
    ~GitPrefetch();  // stops handing out paths and waits for the workers
    GitPrefetch(const GitPrefetch&) = delete;
    GitPrefetch& operator=(const GitPrefetch&) = delete;

    // What was read for `path`, waiting while a worker reads it. nullopt when `path` was not
    // asked for, was taken before, or no worker has started it: then the caller reads it
    // itself (rather than wait behind the paths before it), and no worker will.
    std::optional<TreeRead> take(const std::string& path);

    // Waits until the workers have read every path nobody took, and ended.
    void wait_for_workers();

  private:
    enum class State { waiting, reading, done, taken };

    void work();
    std::optional<std::size_t> claim_next();
    void publish(std::size_t index, TreeRead result);

    GitTreeReader::Location where_;
    std::vector<std::string> paths_;
    std::filesystem::path work_tree_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::optional<TreeRead>> results_;
    std::vector<State> states_;
    std::size_t next_ = 0;  // no path before it is waiting
    std::mutex mutex_;
    std::condition_variable ready_;
    std::vector<std::thread> threads_;
};

}  // namespace patchbay
