#pragma once
// What the CUDA analyses know about C/C++ declarations without a compiler: the integer width of
// a type (through typedef/using chains gathered from the whole audited tree), the functions of a
// file with their bodies, and the parameters and locals declared in them, in scope order.

#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "checks/name_order.hpp"
#include "checks/source_file.hpp"
#include "checks/token.hpp"

namespace patchbay {

// `narrow`: 32 bits or less, so a product wraps at 2^31; `wide`: 64 bits (LP64).
enum class IntWidth { unknown, narrow, wide };

// Aliases by name -> aliased type, normalised ("int32_t", "unsigned long long", "index_type").
// A file's aliases sit over the tree's: `inherited` (which must outlive this) answers the names
// this table does not have, so the tree's table is built once per audit, not once per file.
class TypeAliases {
  public:
    explicit TypeAliases(const TypeAliases* inherited = nullptr) : inherited_(inherited) {}
    // A later alias of a name replaces an earlier one, except that an indented one (`indented`:
    // not at the start of its line) never replaces one that is not: formatted as nearly every
    // project formats C++, the first is a class's member (`span::size_type = std::size_t`), the
    // second its namespace's (`cudf::size_type = int32_t`), the one code outside the class means.
    void add(std::string name, std::string type, bool indented = false);
    bool contains(std::string_view name) const { return target_of(name) != nullptr; }
    // Follows alias chains to a builtin; unknown for non-integers, templates and cycles.
    IntWidth width_of(std::string_view type) const;
    // The type `name` stands for, one step; nullptr when it is no alias here.
    const std::string* target_of(std::string_view name) const;

  private:
    struct Target {
        std::string type;
        bool indented = false;
    };
    std::map<std::string, Target, ShorterNameFirst> target_;
    const TypeAliases* inherited_ = nullptr;
};

// Only a C/C++ file that spells `typedef` or `using` can declare an alias: the others need not
// be tokenized for one.
bool may_declare_alias(const SourceFile& file);

void add_type_aliases(std::span<const Token> tokens, TypeAliases& aliases);

// The width of a builtin spelling ("int", "unsigned long", "int64_t"); unknown for others.
IntWidth builtin_width(std::string_view type);
// Whether the name can start a type in a cast: builtins, fixed-width names, known aliases.
bool is_type_name(std::string_view name, const TypeAliases& aliases);

// A token index that is not there: an unbalanced bracket's partner, a list that does not close.
inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// For every bracket token ( [ { ) ] }, the index of its partner; kNone when unbalanced.
std::vector<std::size_t> match_brackets(std::span<const Token> tokens);
// The same into `partner`, whose capacity stays: a caller that reuses one vector file after file
// touches no fresh pages for it (as tokenize_cpp's token buffer).
void match_brackets(std::span<const Token> tokens, std::vector<std::size_t>& partner);

struct Declaration {
    // A view into the file's text, as its tokens are: a copy of each name was a malloc for every
    // one past 15 bytes, and kernel parameters have long names.
    std::string_view name;
    std::string type;         // normalised: qualifiers, `std::` and `*`/`&` dropped ("int", "auto")
    bool is_pointer = false;  // a pointer or an array
    bool is_array = false;    // declared with bounds: `int ids[4]`
    bool is_shared = false;   // `__shared__` (or `__constant__`): memory other threads write
    std::size_t token = 0;    // the name
    std::size_t init_begin = 0;  // initializer tokens [init_begin, init_end); empty when none
    std::size_t init_end = 0;
    std::size_t scope_end = 0;  // the token that closes the enclosing block
};

struct FunctionInfo {
    std::string_view name;                // a view into the file's text, as a declaration's
    std::size_t body_begin = 0;           // the '{'
    std::size_t body_end = 0;             // the matching '}'
    std::vector<Declaration> parameters;  // template value parameters included
    std::vector<Declaration> locals;      // in token order
};

// Functions with bodies (kernels, device/host functions, templates, methods); a lambda or local
// class stays part of the function around it.
std::vector<FunctionInfo> find_functions(std::span<const Token> tokens,
                                         const std::vector<std::size_t>& brackets);

// Tries to read a declaration statement at `pos` ("const int a = x, *b;"). Returns the index
// just past its declarators (at the ';' or ')' that ends it) and appends one Declaration per
// declarator; returns `pos` when the tokens there are not a declaration.
std::size_t read_declaration(std::span<const Token> tokens,
                             const std::vector<std::size_t>& brackets, std::size_t pos,
                             std::size_t scope_end, std::vector<Declaration>& out);

}  // namespace patchbay
