#pragma once
// A pristine tree held in memory, for tests of everything above the pristine sources.

#include <map>
#include <string>

#include "source/pristine_source.hpp"

namespace patchbay::test_support {

class MemorySource : public PristineSource {
  public:
    void file(const std::string& path, std::string content, bool executable = false) {
        entries_[path] = TreeEntry{TreeEntry::Kind::file, std::move(content), executable};
    }
    void symlink(const std::string& path, std::string target) {
        entries_[path] = TreeEntry{TreeEntry::Kind::symlink, std::move(target), false};
    }

    Result<TreeEntry> lookup(const std::string& path) const override {
        for (auto slash = path.find('/'); slash != std::string::npos;
             slash = path.find('/', slash + 1)) {
            auto parent = entries_.find(path.substr(0, slash));
            if (parent != entries_.end() && parent->second.kind == TreeEntry::Kind::symlink)
                return TreeEntry{TreeEntry::Kind::under_symlink, "", false};
        }
        auto found = entries_.find(path);
        if (found == entries_.end()) return TreeEntry{};
        return found->second;
    }
    const SourceDescription& description() const override { return description_; }
    Result<std::vector<std::string>> list_files() const override {
        std::vector<std::string> paths;
        for (const auto& [path, entry] : entries_) paths.push_back(path);
        return paths;
    }

  private:
    std::map<std::string, TreeEntry> entries_;
    SourceDescription description_{"memory", "", "", "", {}};
};

}  // namespace patchbay::test_support
