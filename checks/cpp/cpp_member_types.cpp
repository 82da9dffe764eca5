// cpp_member_types: the data members of struct, class and union bodies, read with the same
// declaration reader as a function's locals.

#include "checks/cpp/cpp_member_types.hpp"

#include <array>
#include <vector>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/cpp/cpp_tokenizer.hpp"
#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

// Every token of a file passes here: most are rejected by their kind and length.
bool opens_class(std::span<const Token> tokens, std::size_t i) {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::identifier || t.text.size() < 5 || t.text.size() > 6) return false;
    bool keyword = t.text == "struct" || t.text == "class" || t.text == "union";
    return keyword && !(i > 0 && is_keyword(tokens[i - 1], "enum"));
}

bool is_header(std::string_view path) {
    for (std::string_view ext : {".h", ".hh", ".hpp", ".cuh"})
        if (path.ends_with(ext)) return true;
    return false;
}

bool may_declare_members(const SourceFile& file) {
    return file.language == Language::cuda &&
           (text_contains(file.text, "struct") || text_contains(file.text, "class") ||
            text_contains(file.text, "union"));
}

// The `{` of the body that the class key at `i` opens; kNone for a forward declaration, an
// elaborated type (`struct X x;`), a template parameter (`template <class T> void f(`).
std::size_t class_body(std::span<const Token> tokens, std::size_t i) {
    for (std::size_t j = i + 1; j < tokens.size() && tokens[j].kind != TokenKind::end; ++j) {
        if (is_op(tokens[j], "{")) return j;
        if (is_op(tokens[j], ";") || is_op(tokens[j], "(") || is_op(tokens[j], ")") ||
            is_op(tokens[j], "=") || is_op(tokens[j], "}"))
            return kNone;
    }
    return kNone;
}

// Statements that declare no data member, by their first word.
bool starts_non_member(const Token& first) {
    static constexpr std::array<std::string_view, 9> kWords = {
        "static", "using", "typedef", "friend", "template", "enum", "struct", "class", "union"};
    return first.kind == TokenKind::identifier && one_of(first.text, kWords);
}

struct MemberStatement {
    std::size_t next = 0;      // where the next statement starts
    bool is_function = false;  // a parenthesis before any `=`: a method or a constructor
};

// The extent of the body statement at `i` (up to `close`, the body's `}`): to its `;`, or past
// a function body, which has none.
MemberStatement member_statement(std::span<const Token> tokens,
                                 const std::vector<std::size_t>& brackets, std::size_t i,
                                 std::size_t close) {
    MemberStatement statement;
    bool assigned = false;
    for (std::size_t j = i; j < close; ++j) {
        const Token& t = tokens[j];
        if (is_op(t, ";")) return {j + 1, statement.is_function};
        if (is_op(t, "=")) assigned = true;
        if (is_op(t, "(") && !assigned) statement.is_function = true;
        bool group = is_op(t, "(") || is_op(t, "[") || is_op(t, "{");
        if (!group || brackets[j] == kNone) continue;
        if (is_op(t, "{") && statement.is_function) return {brackets[j] + 1, true};
        j = brackets[j];
    }
    return {close, statement.is_function};
}

// The statements of the class body opening at `open`, each as [begin, next), with whether it
// is a function; access labels are left out.
struct BodyStatement {
    std::size_t begin = 0, next = 0;
    bool is_function = false;
};

std::vector<BodyStatement> body_statements(std::span<const Token> tokens,
                                           const std::vector<std::size_t>& brackets,
                                           std::size_t open) {
    const std::size_t close = brackets[open];
    std::vector<BodyStatement> statements;
    for (std::size_t i = open + 1; i < close;) {
        bool label = (is_keyword(tokens[i], "public") || is_keyword(tokens[i], "private") ||
                      is_keyword(tokens[i], "protected")) &&
                     is_op(tokens[i + 1], ":");
        if (label) {
            i += 2;
            continue;
        }
        auto statement = member_statement(tokens, brackets, i, close);
        std::size_t next = std::max(statement.next, i + 1);
        statements.push_back({i, next, statement.is_function});
        i = next;
    }
    return statements;
}

// `using index_t = uint32_t;` or `typedef uint32_t index_t;` of the body: read as the tree's
// aliases are, one statement at a time (it must end at its `;`, as add_type_aliases expects).
void add_body_aliases(std::span<const Token> tokens, const BodyStatement& statement,
                      TypeAliases& scope) {
    bool alias = is_keyword(tokens[statement.begin], "using") ||
                 is_keyword(tokens[statement.begin], "typedef");
    if (!alias || !is_op(tokens[statement.next - 1], ";")) return;
    add_type_aliases(tokens.subspan(statement.begin, statement.next - statement.begin), scope);
}

// The type a member spelled `type` has in the class whose aliases are `scope`: `index_t` is
// the class's own `index_t`, followed while the class (or a base) names another of its own.
std::string scoped_type(const TypeAliases& scope, std::string type) {
    for (int depth = 0; depth < 8; ++depth) {
        const std::string* target = scope.target_of(type);
        if (!target || *target == type) break;
        type = *target;
    }
    return type;
}

void add_body_members(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                      std::size_t open, MemberTypes& members, TypeAliases& scope) {
    const std::size_t close = brackets[open];
    auto statements = body_statements(tokens, brackets, open);
    // Aliases first: a member may be declared above the alias that spells its type.
    for (const auto& statement : statements)
        if (!statement.is_function) add_body_aliases(tokens, statement, scope);
    std::vector<Declaration> declarations;
    for (const auto& statement : statements) {
        if (statement.is_function || starts_non_member(tokens[statement.begin])) continue;
        declarations.clear();
        read_declaration(tokens, brackets, statement.begin, close, declarations);
        for (const auto& member : declarations)
            members.add(std::string(member.name),
                        {scoped_type(scope, member.type), member.is_pointer, member.token});
    }
}

// The aliases of the first base class named between the class key at `key` and its body at
// `open` that was read before (`struct SSMParamsBwd : public SSMParamsBase {`).
const TypeAliases* base_aliases(std::span<const Token> tokens, std::size_t key, std::size_t open,
                                const MemberTypes& members) {
    for (std::size_t j = key + 2; j < open; ++j)
        if (tokens[j].kind == TokenKind::identifier)
            if (const auto* aliases = members.class_aliases(tokens[j].text)) return aliases;
    return nullptr;
}

// A class body being read, for the classes nested in it: they see its aliases.
struct OpenClass {
    std::size_t close = 0;
    const TypeAliases* scope = nullptr;
};

// Reads the class whose key is at `key` and body opens at `open`; returns its alias scope.
// Aliases are looked up in its own body, then its first base read before, else the class it is
// nested in.
const TypeAliases* add_class(std::span<const Token> tokens,
                             const std::vector<std::size_t>& brackets, std::size_t key,
                             std::size_t open, const TypeAliases* outer, MemberTypes& members) {
    const TypeAliases* base = base_aliases(tokens, key, open, members);
    if (!base) base = outer;
    const Token& name = tokens[key + 1];
    TypeAliases* scope = name.kind == TokenKind::identifier && key + 1 < open
                             ? members.add_class(std::string(name.text), base)
                             : nullptr;
    if (!scope) scope = members.add_unnamed_class(base);
    add_body_members(tokens, brackets, open, members, *scope);
    return scope;
}

}  // namespace

void MemberTypes::add(std::string name, MemberType type) {
    auto [found, inserted] = types_.try_emplace(std::move(name), type);
    if (!inserted && found->second != type) found->second.reset();
}

const MemberType* MemberTypes::find(std::string_view name) const {
    auto found = types_.find(name);
    if (found != types_.end()) return found->second ? &*found->second : nullptr;
    return inherited_ ? inherited_->find(name) : nullptr;
}

const MemberType* MemberTypes::find_own(std::string_view name) const {
    auto found = types_.find(name);
    return found != types_.end() && found->second ? &*found->second : nullptr;
}

const TypeAliases* MemberTypes::class_aliases(std::string_view name) const {
    auto found = class_aliases_.find(name);
    if (found != class_aliases_.end())
        return found->second.ambiguous ? nullptr : &found->second.aliases;
    return inherited_ ? inherited_->class_aliases(name) : nullptr;
}

TypeAliases* MemberTypes::add_class(std::string name, const TypeAliases* base) {
    auto [found, inserted] =
        class_aliases_.try_emplace(std::move(name), ClassScope{TypeAliases(base)});
    if (!inserted) found->second.ambiguous = true;
    return inserted ? &found->second.aliases : nullptr;
}

void add_member_types(std::span<const Token> tokens, MemberTypes& members) {
    std::vector<std::size_t> brackets;  // matched at the first class key: most files have none
    std::vector<OpenClass> enclosing;   // the class bodies around token i, innermost last
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!opens_class(tokens, i)) continue;
        if (brackets.empty()) brackets = match_brackets(tokens);
        std::size_t open = class_body(tokens, i);
        if (open == kNone || brackets[open] == kNone) continue;
        while (!enclosing.empty() && enclosing.back().close < i) enclosing.pop_back();
        const TypeAliases* outer = enclosing.empty() ? nullptr : enclosing.back().scope;
        enclosing.push_back({brackets[open], add_class(tokens, brackets, i, open, outer, members)});
    }
}

namespace {

void add_file_types(const SourceFile& file, TreeTypes& types, std::vector<Token>& tokens) {
    static constexpr std::array<std::string_view, 2> kAliasWords = {"typedef", "using"};
    bool aliases = may_declare_alias(file);
    // A header that spells no class key has no member: its tokens need no walk for one.
    bool members = is_header(file.path) && !file.aliases_only && may_declare_members(file);
    if (!aliases && !members) return;
    // Most files are read for their aliases alone: of those only the alias statements are
    // kept, a small part of their tokens.
    if (members)
        tokenize_cpp(file.text, tokens);
    else
        tokenize_cpp_statements(file.text, kAliasWords, tokens);
    if (aliases) add_type_aliases(tokens, types.aliases);
    if (members) add_member_types(tokens, types.members);
}

}  // namespace

TreeTypes tree_types(const AuditTree& tree) {
    TreeTypes types;
    std::vector<Token> tokens;  // reused file after file: its pages are touched once
    for (const auto& file : tree.files)
        if (!file.declarations_private) add_file_types(file, types, tokens);
    return types;
}

KernelFolderTypes kernel_folder_types(const AuditTree& tree, const TreeTypes& shared) {
    KernelFolderTypes folders;
    for (const auto& file : tree.files)
        if (file.declarations_private && !file.declarations_only)
            folders.try_emplace(std::string(folder_of(file.path)),
                                std::make_unique<TreeTypes>(&shared));
    std::vector<Token> tokens;
    for (const auto& file : tree.files) {
        if (!file.declarations_private || !file.declarations_only) continue;
        auto folder = folders.find(folder_of(file.path));
        if (folder != folders.end()) add_file_types(file, *folder->second, tokens);
    }
    return folders;
}

const TreeTypes& types_for(const SourceFile& file, const TreeTypes& shared,
                           const KernelFolderTypes& kernel_folders) {
    if (!file.declarations_private) return shared;
    auto folder = kernel_folders.find(folder_of(file.path));
    return folder == kernel_folders.end() ? shared : *folder->second;
}

bool may_declare_shared_members(const SourceFile& file) {
    return is_header(file.path) && may_declare_members(file);
}

}  // namespace patchbay
