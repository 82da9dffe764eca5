#pragma once
// The pristine tree of a git checkout at HEAD, answered from the checkout's files while the
// repository is still opening, and confirmed against the tree once it has. libgit2's start-up
// and the opening of the repository (milliseconds: resolving HEAD, inflating the trees on each
// path) used to hold up the whole series; now the series applies meanwhile. Each
// answer is checked at finish_checks(): a file by its blob id (hashed from the bytes served) and
// mode, anything else by reading the tree. Any difference — an edited, added, removed or
// mode-changed file — and answers_confirmed() says so: the caller runs again, and this time the
// tree answers. An error from opening (not a repository, no commit, a subdirectory that is not one)
// wins over everything served.

#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "series/directory_lookup.hpp"
#include "series/pristine_source.hpp"
#include "series/work_tree_files.hpp"

namespace patchbay {

class CheckoutFirstSource : public PristineSource {
  public:
    // Opens `options` (a git checkout at `options.path`, read at HEAD: `options.rev` empty)
    // on a thread of its own, starting libgit2 there; answers from the checkout's folder
    // (`options.folder()`) until finish_checks(), and from the tree after a failed
    // confirmation.
    explicit CheckoutFirstSource(SourceOptions options);
    ~CheckoutFirstSource() override;
    CheckoutFirstSource(const CheckoutFirstSource&) = delete;
    CheckoutFirstSource& operator=(const CheckoutFirstSource&) = delete;
    // The paths the series will read, and their checkout files being read ahead (to take
    // instead of reading them); before any lookup. Once open, the repository looks the paths
    // up on its thread, so that confirming them at the end is quick.
    void read_ahead(std::shared_ptr<WorkTreeFiles> files, std::vector<std::string> paths);

    Result<TreeEntry> lookup(const std::string& path) const override;
    void prefetch(std::vector<std::string> paths) const override;
    Status finish_checks() const override;
    bool answers_confirmed() const override { return confirmed_; }
    void wait_for_reads() const override;
    const SourceDescription& description() const override;
    Result<std::vector<std::string>> list_files() const override;
    std::optional<GitTreeRef> git_tree_ref() const override;

  private:
    // Shared, not unique: destroying a unique_ptr to the base here made GCC 12 (-O2) guess it
    // could be this very class and warn, wrongly, of a delete of an object never allocated.
    using Opened = Result<std::shared_ptr<PristineSource>>;
    // One answer given from the checkout, with the file it mapped.
    struct Served {
        Result<TreeEntry> entry;
        std::optional<WorkTreeFile> file;
    };

    const Opened& opened_result() const;
    PristineSource* opened() const { return opened_result().value().get(); }
    Result<TreeEntry> serve(const std::string& path) const;
    bool confirm_all() const;

    std::filesystem::path root_;
    std::shared_ptr<WorkTreeFiles> ahead_;
    mutable std::map<std::string, Served> served_;
    mutable FolderMemo folders_;
    mutable std::optional<Opened> result_;
    mutable bool confirmed_ = true;
    std::promise<std::vector<std::string>> paths_;
    bool paths_given_ = false;
    mutable std::future<Opened> opening_;  // last: the opening thread sees everything above
};

}  // namespace patchbay
