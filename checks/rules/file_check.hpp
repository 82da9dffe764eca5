#pragma once
// One file as the rules check it: the file, and what more than one rule reads from it, worked out
// once for the file by the first rule that asks. Both env rules look at the same reads of the
// environment; each tokenized the file for them, and tokenizing is most of their cost.
//
// A FileCheck lives while the rules check its file, on one thread.

#include <optional>
#include <vector>

#include "checks/env_reads.hpp"
#include "checks/source_file.hpp"

namespace patchbay {

class FileCheck {
  public:
    explicit FileCheck(const SourceFile& file) : file_(file) {}

    const SourceFile& file() const { return file_; }
    // env_reads(file()), made at the first call.
    const std::vector<EnvRead>& env_reads() const;

  private:
    const SourceFile& file_;
    mutable std::optional<std::vector<EnvRead>> env_reads_;
};

}  // namespace patchbay
