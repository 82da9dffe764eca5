#include "series/checkout_first_source.hpp"

#include "series/directory_lookup.hpp"
#include "series/git_handles.hpp"

namespace patchbay {

namespace fs = std::filesystem;

CheckoutFirstSource::CheckoutFirstSource(SourceOptions options)
    : root_(options.folder()),
      opening_(std::async(std::launch::async, [options, paths = paths_.get_future()]() mutable {
          ensure_libgit2();
          auto opened = open_pristine(options);
          if (!opened) return Opened(opened.error());
          std::shared_ptr<PristineSource> source = std::move(opened).value();
          source->prepare_to_confirm(paths.get());
          return Opened(std::move(source));
      })) {}

// The opening thread may wait for the paths: a workspace given up before it read its
// series never gives them.
CheckoutFirstSource::~CheckoutFirstSource() {
    if (!paths_given_) paths_.set_value({});
}

void CheckoutFirstSource::read_ahead(std::shared_ptr<WorkTreeFiles> files,
                                     std::vector<std::string> paths) {
    ahead_ = std::move(files);
    paths_.set_value(std::move(paths));
    paths_given_ = true;
}

// Every path is served from the checkout, even once the repository has opened: the checkout's
// files are being read ahead, and a path confirmed by its blob id costs less than one read
// through the tree. After a failed confirmation the tree answers alone.
Result<TreeEntry> CheckoutFirstSource::lookup(const std::string& path) const {
    if (!confirmed_) return opened()->lookup(path);
    if (auto served = served_.find(path); served != served_.end()) return served->second.entry;
    return serve(path);
}

void CheckoutFirstSource::prefetch(std::vector<std::string> paths) const {
    if (!confirmed_) opened()->prefetch(std::move(paths));
}

Status CheckoutFirstSource::finish_checks() const {
    if (!opened_result()) return opened_result().error();
    if (confirmed_) confirmed_ = confirm_all();
    return opened()->finish_checks();
}

void CheckoutFirstSource::wait_for_reads() const {
    if (ahead_) ahead_->wait_for_workers();
    if (opened_result()) opened()->wait_for_reads();
}

const SourceDescription& CheckoutFirstSource::description() const {
    static const SourceDescription none;
    return opened_result() ? opened()->description() : none;
}

Result<std::vector<std::string>> CheckoutFirstSource::list_files() const {
    if (!opened_result()) return opened_result().error();
    return opened()->list_files();
}

std::optional<GitTreeRef> CheckoutFirstSource::git_tree_ref() const {
    return opened_result() ? opened()->git_tree_ref() : std::nullopt;
}

const CheckoutFirstSource::Opened& CheckoutFirstSource::opened_result() const {
    if (!result_) result_ = opening_.get();
    return *result_;
}

Result<TreeEntry> CheckoutFirstSource::serve(const std::string& path) const {
    Served served{TreeEntry{}, std::nullopt};
    served.entry = lookup_in_directory(
        root_, path,
        [&](const fs::path& file, const std::string& key) -> Result<SharedText> {
            served.file = ahead_ ? ahead_->take(key) : std::nullopt;
            if (!served.file) served.file = read_work_tree_file(file);
            if (!served.file) return make_error(file.string(), 0, "cannot read");
            return served.file->bytes;
        },
        &folders_);
    return served_.emplace(path, std::move(served)).first->second.entry;
}

// After a failed confirmation the source answers from the tree alone, so the run made again
// reads every path from the tree.
bool CheckoutFirstSource::confirm_all() const {
    bool all = true;
    for (const auto& [path, served] : served_)
        all = all && served.entry &&
              opened()->confirm(path, *served.entry, served.file ? &*served.file : nullptr);
    return all;
}

}  // namespace patchbay
