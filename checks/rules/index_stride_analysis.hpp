#pragma once
// The two halves of rule int32-index-stride: a Triton analysis over Python sources and a CUDA
// analysis over C/C++ sources. Each returns findings with rule, severity, path, line, column,
// message, related (the index-table load), fix_hint and source_line filled in; the rule adds
// the reach.

#include <bitset>
#include <string>
#include <string_view>
#include <vector>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/cpp/cpp_member_types.hpp"
#include "checks/finding.hpp"
#include "checks/source_file.hpp"
#include "config/config.hpp"

namespace patchbay {

inline constexpr const char* kIndexStrideRule = "int32-index-stride";

// `file` is a Python file; only @triton.jit functions are analysed.
std::vector<Finding> triton_index_stride_findings(const SourceFile& file,
                                                  const AuditConfig& config);

// `file` is a C/C++/CUDA file; `tree` is searched for typedef/using declarations of the types
// used in `file` (a stride typedef declared in another header of the audited tree) and for the
// struct members it reads (`params.block_stride`).
std::vector<Finding> cuda_index_stride_findings(const SourceFile& file, const AuditTree& tree,
                                                const AuditConfig& config);
// The same with the tree's aliases and members already gathered (tree_types), as the rule
// does once per audit.
std::vector<Finding> cuda_index_stride_findings(const SourceFile& file,
                                                const TypeAliases& tree_aliases,
                                                const MemberTypes& tree_members,
                                                const AuditConfig& config);

// The configured index-table patterns ("block_table*"), compiled once per file: a pattern
// that is a prefix and `*` (all the defaults) is a prefix test, the rest go through fnmatch.
// The analyses ask it for nearly every name they evaluate.
class IndexTableNames {
  public:
    explicit IndexTableNames(const AuditConfig& config);
    // The two cheap tests in place (the caller's loop), the patterns out of line.
    bool matches(std::string_view name) const {
        if (name.size() < shortest_) return false;
        if (!name.empty() && !first_bytes_[static_cast<unsigned char>(name[0])]) return false;
        return matches_pattern(name);
    }

  private:
    bool matches_pattern(std::string_view name) const;

    std::vector<std::string> prefixes_;
    std::vector<std::string> globs_;
    // What a matching name starts with and how long it is at least (any byte and any length
    // where a glob could match it): most names are turned away by these two tests, where the
    // loop over the prefixes cost a Triton kernel's reads as much as their environment lookups.
    std::bitset<256> first_bytes_;
    std::size_t shortest_ = 0;
};

// The compiled patterns of `config.index_tables`, built again only when the list changes: the
// same for every file, and compiling them for each cost about 3,500 instructions a file. Per
// thread, as files are audited in parallel; keyed by the patterns themselves, not the config's
// address, which a later config may reuse.
const IndexTableNames& compiled_index_tables(const AuditConfig& config);

// What a value read from `table` is, for messages only (detection never reads names): "block
// id" for block_table*, "page id", "slot", "token slot"; "index" for any other name.
std::string index_noun(std::string_view table);

// Whether an integer literal ("16", "0x10", "16u", "1_024") is below 256: a read value times
// it needs to exceed 2^23 to wrap, which no block or page id does. Not a literal: false.
bool is_small_literal(std::string_view literal);

// How a finding's message ends: an index product, or (only with a geometry whose one block
// passes 2^31 - 1 elements) a product of a value bounded by the block.
inline constexpr const char* kIndexProductWraps = "it wraps once offsets pass 2^31 - 1";
inline constexpr const char* kBoundedProductWraps =
    "it is reduced to an offset inside a block, but one block of the configured geometry holds "
    "more than 2^31 - 1 elements";

}  // namespace patchbay
