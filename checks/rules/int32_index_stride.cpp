// Rule int32-index-stride: an integer read from memory, or the kernel's own id, multiplied by a
// stride without being widened to 64 bits first (doc: checks/docs/int32-index-stride.md).

#include <fnmatch.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <optional>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/reach.hpp"
#include "checks/rules/rule.hpp"
#include "checks/text_contains.hpp"

namespace patchbay {

IndexTableNames::IndexTableNames(const AuditConfig& config) {
    shortest_ = SIZE_MAX;  // no pattern: no name matches
    for (const auto& pattern : config.index_tables) {
        auto wildcard = pattern.find_first_of("*?[\\");
        const bool prefix = wildcard + 1 == pattern.size() && pattern.back() == '*';
        if (prefix)
            prefixes_.push_back(pattern.substr(0, wildcard));
        else
            globs_.push_back(pattern);
        // A glob can match a name shorter than itself (`bt?*`): it lets any length through.
        shortest_ = std::min(shortest_, prefix ? wildcard : std::size_t{0});
        if (wildcard == 0 || pattern.empty())
            first_bytes_.set();
        else
            first_bytes_.set(static_cast<unsigned char>(pattern[0]));
    }
}

bool IndexTableNames::matches_pattern(std::string_view name) const {
    for (const auto& prefix : prefixes_)
        if (name.starts_with(prefix)) return true;
    if (globs_.empty()) return false;
    std::string text(name);
    for (const auto& glob : globs_)
        if (fnmatch(glob.c_str(), text.c_str(), 0) == 0) return true;
    return false;
}

const IndexTableNames& compiled_index_tables(const AuditConfig& config) {
    thread_local std::vector<std::string> patterns;
    thread_local std::optional<IndexTableNames> names;
    if (!names || patterns != config.index_tables) {
        names.emplace(config);
        patterns = config.index_tables;
    }
    return *names;
}

std::string index_noun(std::string_view table) {
    if (table.starts_with("block_table")) return "block id";
    if (table.starts_with("page_table")) return "page id";
    if (table.starts_with("slot_mapping")) return "slot";
    if (table.starts_with("req_to_token")) return "token slot";
    return "index";
}

bool is_small_literal(std::string_view literal) {
    // Most literals are floats (`0.5`) or plain decimals (`16`, `4096`): decided in place, no
    // string built. strtoll stops at a float's point; a leading 0 (octal, or no number to it)
    // and the rest take the full path.
    if (literal.find('.') != std::string_view::npos) return false;
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    const bool plain = !literal.empty() && (literal[0] != '0' || literal.size() == 1) &&
                       std::ranges::all_of(literal, digit);
    if (plain && literal.size() > 3) return false;
    if (plain) {
        int value = 0;
        for (char c : literal) value = value * 10 + (c - '0');
        return value < 256;
    }
    std::string digits;
    for (char c : literal)
        if (c != '_' && c != '\'') digits += c;
    while (!digits.empty() && std::string_view("uUlLzZ").find(digits.back()) != std::string::npos)
        digits.pop_back();
    if (digits.empty()) return false;
    char* end = nullptr;
    errno = 0;
    long long value = std::strtoll(digits.c_str(), &end, 0);
    return errno == 0 && end && *end == '\0' && value >= 0 && value < 256;
}

namespace {

// A finding needs a multiply, an address and, in Python, a kernel: a Triton file without
// `*`/`<<`, `jit` and `load(`/`atomic_`/`store(` cannot give one, nor a CuTe DSL file without
// `cute.` (its multiply is inside the layout), nor a C/C++ file without `*` and an element read
// (`[`, `*(`, `__ld`). Such files are not tokenized. Names play no part: detection does not
// depend on them.
bool cannot_match(const SourceFile& file) {
    std::string_view text = file.text;
    bool multiply = text.find('*') != std::string_view::npos;
    if (file.language == Language::python) {
        // Every kernel is decorated: @triton.jit, @jit, @cute.jit or @cute.kernel. `jit` comes
        // first because 'j' is rare: most Python files end here. `cute.`, whose letters are all
        // common, is searched last: only where no Triton kernel can give a finding.
        const bool jit = text_contains(text, "jit");
        if (!jit && !text_contains(text, "kernel")) return true;
        multiply = multiply || text_contains(text, "<<");
        if (jit && multiply &&
            (text_contains(text, "load(") || text_contains(text, "atomic_") ||
             text_contains(text, "store(")))
            return false;
        return !text_contains(text, "cute.");
    }
    return !multiply || (text.find('[') == std::string_view::npos && !text_contains(text, "*(") &&
                         !text_contains(text, "__ld"));
}

class Int32IndexStrideRun : public RuleRun {
  public:
    Int32IndexStrideRun(const AuditTree& tree, const AuditConfig& config)
        : config_(config),
          tree_types_(tree_types(tree)),
          kernel_folder_types_(kernel_folder_types(tree, tree_types_)) {}

    void check_file(const FileCheck& check, std::vector<Finding>& findings) const override {
        const SourceFile& file = check.file();
        if (file.language == Language::other || cannot_match(file)) return;
        const TreeTypes& types = types_for(file, tree_types_, kernel_folder_types_);
        auto found = file.language == Language::python
                         ? triton_index_stride_findings(file, config_)
                         : cuda_index_stride_findings(file, types.aliases, types.members, config_);
        // The first rule of a file (the usual case) hands its vector over whole: a finding is
        // 368 bytes, and moving each into fresh memory was a page fault every eleven.
        if (findings.empty())
            findings = std::move(found);
        else
            findings.insert(findings.end(), std::make_move_iterator(found.begin()),
                            std::make_move_iterator(found.end()));
    }

  private:
    const AuditConfig& config_;
    TreeTypes tree_types_;
    KernelFolderTypes kernel_folder_types_;
};

class Int32IndexStrideRule : public Rule {
  public:
    std::string_view id() const override { return kIndexStrideRule; }
    std::string_view summary() const override {
        return "block id (read from memory or the kernel's own) times a stride in 32-bit "
               "address arithmetic";
    }
    Severity severity() const override { return Severity::error; }

    std::unique_ptr<RuleRun> start(const AuditTree& tree,
                                   const AuditConfig& config) const override {
        return std::make_unique<Int32IndexStrideRun>(tree, config);
    }

    // A finding needs what cannot_match looks for; a C/C++ file that spells typedef or using,
    // or a header that spells struct or class, may declare a stride type or a struct member
    // another file uses.
    // cannot_match first: its searches stop at the first `*` and `[` of most files.
    bool may_need(const SourceFile& file, const AuditConfig&) const override {
        if (file.language != Language::python && file.language != Language::cuda) return false;
        if (file.declarations_only)
            return may_declare_alias(file) || may_declare_shared_members(file);
        if (!cannot_match(file)) return true;
        return file.language == Language::cuda &&
               (may_declare_alias(file) || may_declare_shared_members(file));
    }
};

}  // namespace

std::unique_ptr<Rule> make_int32_index_stride_rule() {
    return std::make_unique<Int32IndexStrideRule>();
}

}  // namespace patchbay
