#pragma once
// The declared types of the data members of the audited tree's structs and classes, by member
// name: `params.block_stride` in a kernel has the type its struct declares
// (`uint32_t block_stride;` in a header), where a compiler would look. Without it such an
// operand's width is unknown, and the params-struct kernels of FlashAttention, FlashInfer or
// Mamba would never show a 32-bit stride.

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/name_order.hpp"
#include "checks/source_file.hpp"
#include "checks/token.hpp"

namespace patchbay {

struct MemberType {
    std::string type;         // normalised, as a Declaration's ("uint32_t", "index_t", "IdType")
    bool is_pointer = false;  // a pointer or array member: `type` is its element type
    // Its name's token in the tokens it was read from (the first class's, of two that agree).
    std::size_t token = 0;

    // The same type, wherever declared.
    bool operator==(const MemberType& other) const {
        return type == other.type && is_pointer == other.is_pointer;
    }
};

// Member name -> its type. A name declared two different ways (in two classes) has no type: its
// width stays unknown rather than being guessed. A file's own members sit over the tree's
// (`inherited`, which must outlive this), as its type aliases do.
//
// A member's type is read in its class's scope, as a compiler reads it: `index_t stride;` in a
// struct that declares `using index_t = uint32_t;` (or inherits it from a base class read
// earlier) is a `uint32_t`, whatever `index_t` means in other classes or at namespace scope
// (Mamba's and FlashAttention's params structs each declare their own).
class MemberTypes {
  public:
    explicit MemberTypes(const MemberTypes* inherited = nullptr) : inherited_(inherited) {}
    void add(std::string name, MemberType type);
    // The member's type; nullptr when no class declares it, or declares it two ways.
    const MemberType* find(std::string_view name) const;
    // The same, among the members added here only (not `inherited`'s): those whose token is one
    // of the tokens this was read from.
    const MemberType* find_own(std::string_view name) const;

    // The aliases declared in the body of class `name` (its bases' beneath them); nullptr when
    // no class of that name was read, or two were.
    const TypeAliases* class_aliases(std::string_view name) const;
    // Where the aliases of class `name` go; nullptr when a class of that name was read before
    // (the name is then ambiguous and answers nothing).
    TypeAliases* add_class(std::string name, const TypeAliases* base);
    // The scope of an anonymous class, or of a name read twice. Kept as long as this: the
    // classes nested in it point at it, and a class of another file may derive from those.
    TypeAliases* add_unnamed_class(const TypeAliases* base) { return &unnamed_.emplace_back(base); }

  private:
    std::map<std::string, std::optional<MemberType>, ShorterNameFirst> types_;
    struct ClassScope {
        TypeAliases aliases;
        bool ambiguous = false;  // two classes of this name: kept, as derived ones point at it
    };
    std::map<std::string, ClassScope, ShorterNameFirst> class_aliases_;
    std::deque<TypeAliases> unnamed_;
    const MemberTypes* inherited_ = nullptr;
};

// The data members of every struct, class and union body in `tokens` (nested ones too); member
// functions, static members, aliases and friends are not data members.
void add_member_types(std::span<const Token> tokens, MemberTypes& members);

// The tree's type aliases and the members of its headers (.h, .hh, .hpp, .cuh), where the
// structs that several files share are declared; a file's own structs are read with the file.
struct TreeTypes {
    TreeTypes() = default;
    // Types that see `inherited`'s beneath their own.
    explicit TreeTypes(const TreeTypes* inherited)
        : aliases(&inherited->aliases), members(&inherited->members) {}
    TypeAliases aliases;
    MemberTypes members;
};
// One pass over the tree: a header that declares aliases is tokenized once for both. Files
// whose declarations are private (SourceFile::declarations_private) are left out.
TreeTypes tree_types(const AuditTree& tree);

// The types each folder that holds an audited kernel header sees: the private headers of the
// folder (its params struct, in flash-attention's `flash.h`) over the tree's `shared` ones.
// Keyed by folder ("" at the root, else ending in '/').
using KernelFolderTypes = std::map<std::string, std::unique_ptr<TreeTypes>, std::less<>>;
KernelFolderTypes kernel_folder_types(const AuditTree& tree, const TreeTypes& shared);
// The types `file` is analysed with: its folder's for a kernel header, else `shared`.
const TreeTypes& types_for(const SourceFile& file, const TreeTypes& shared,
                           const KernelFolderTypes& kernel_folders);

// Whether `file` is a header that may declare members (it spells `struct`, `class` or `union`):
// one that no rule could otherwise use is still read for them.
bool may_declare_shared_members(const SourceFile& file);

}  // namespace patchbay
