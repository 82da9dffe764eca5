#pragma once
// The two halves of rule int32-index-stride: a Triton analysis over Python sources and a CUDA
// analysis over C/C++ sources. Each returns findings with rule, severity, path, line, column,
// message, related (the index-table load), fix_hint and source_line filled in; the rule adds
// the reach.

#include <vector>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/finding.hpp"
#include "checks/source_file.hpp"
#include "config/config.hpp"

namespace patchbay {

inline constexpr const char* kIndexStrideRule = "int32-index-stride";

// `file` is a Python file; only @triton.jit functions are analysed.
std::vector<Finding> triton_index_stride_findings(const SourceFile& file,
                                                  const AuditConfig& config);

// `file` is a C/C++/CUDA file; `tree` is searched for typedef/using declarations of the types
// used in `file` (a stride typedef declared in another header of the audited tree).
std::vector<Finding> cuda_index_stride_findings(const SourceFile& file, const AuditTree& tree,
                                                const AuditConfig& config);
// The same with the tree's aliases already gathered (tree_type_aliases), as the rule does once
// per audit.
std::vector<Finding> cuda_index_stride_findings(const SourceFile& file,
                                                const TypeAliases& tree_aliases,
                                                const AuditConfig& config);

// Whether `name` matches one of the configured index-table patterns ("block_table*").
bool is_index_table_name(std::string_view name, const AuditConfig& config);

}  // namespace patchbay
