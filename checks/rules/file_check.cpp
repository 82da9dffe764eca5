#include "checks/rules/file_check.hpp"

namespace patchbay {

const std::vector<EnvRead>& FileCheck::env_reads() const {
    if (!env_reads_) env_reads_ = patchbay::env_reads(file_);
    return *env_reads_;
}

}  // namespace patchbay
