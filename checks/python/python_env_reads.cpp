// python_env_reads: the reads of os.environ and os.getenv by a literal name in Python tokens.

#include <set>
#include <span>
#include <string>

#include "checks/env_reads.hpp"
#include "checks/python/python_parser.hpp"

namespace patchbay {

namespace {

// The names bound to the os module, to os.environ and to os.getenv in this file.
struct OsNames {
    std::set<std::string, std::less<>> os = {"os"};
    std::set<std::string, std::less<>> environ;
    std::set<std::string, std::less<>> getenv;
};

class PythonScanner {
  public:
    explicit PythonScanner(std::span<const Token> tokens) : tokens_(tokens) {}

    // Whether an import gave os, os.environ or os.getenv another name (`import os as o`): its
    // reads may be on lines that spell none of those words.
    bool binds_aliases() {
        bind_imports();
        const auto other_than = [](const auto& names, std::string_view name) {
            return names.size() > 1 || (names.size() == 1 && !names.contains(name));
        };
        return other_than(names_.os, "os") || other_than(names_.environ, "environ") ||
               other_than(names_.getenv, "getenv");
    }

    // After bind_imports().
    std::vector<EnvRead> scan() {
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (tokens_[i].kind != TokenKind::identifier) continue;  // a read starts at a name
            if (auto end = environ_end(i)) environ_read(i, end);
            if (auto end = getenv_end(i)) call_read(end);
        }
        return std::move(reads_);
    }

  private:
    const Token& at(std::size_t i) const {
        return i < tokens_.size() ? tokens_[i] : tokens_.back();
    }
    bool is(std::size_t i, TokenKind kind, std::string_view text) const {
        return at(i).kind == kind && at(i).text == text;
    }
    bool op(std::size_t i, std::string_view text) const { return is(i, TokenKind::op, text); }
    bool name(std::size_t i, std::string_view text) const {
        return is(i, TokenKind::identifier, text);
    }
    bool after_dot(std::size_t i) const { return i > 0 && op(i - 1, "."); }
    bool ends_statement(std::size_t i) const {
        return at(i).kind == TokenKind::newline || at(i).kind == TokenKind::end || op(i, ";");
    }

    void bind_imports() {
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (tokens_[i].kind != TokenKind::identifier) continue;
            if (name(i, "import") && !after_dot(i)) bind_module_aliases(i + 1);
            if (name(i, "from") && name(i + 1, "os") && name(i + 2, "import")) bind_from_os(i + 3);
        }
    }

    // `import os as o, sys`: o is the os module too.
    void bind_module_aliases(std::size_t i) {
        for (; !ends_statement(i); ++i)
            if (name(i, "os") && !after_dot(i) && name(i + 1, "as"))
                names_.os.insert(std::string(at(i + 2).text));
    }

    // `from os import environ, getenv as g` or `from os import *`.
    void bind_from_os(std::size_t i) {
        for (; !ends_statement(i); ++i) {
            if (op(i, "*")) {
                names_.environ.insert("environ");
                names_.getenv.insert("getenv");
            }
            if (!name(i, "environ") && !name(i, "getenv")) continue;
            auto& bound = at(i).text == "environ" ? names_.environ : names_.getenv;
            bound.insert(std::string(name(i + 1, "as") ? at(i + 2).text : at(i).text));
        }
    }

    // One past `os.<member>` or a bare alias of it starting at `i`; 0 when there is none.
    std::size_t os_member_end(std::size_t i, std::string_view member,
                              const std::set<std::string, std::less<>>& aliases) const {
        if (at(i).kind != TokenKind::identifier || after_dot(i)) return 0;
        // The tokens around first, the sets last: every name of the file passes here twice.
        if (op(i + 1, ".") && name(i + 2, member) && names_.os.count(at(i).text)) return i + 3;
        if (!aliases.empty() && aliases.count(at(i).text)) return i + 1;
        return 0;
    }
    std::size_t environ_end(std::size_t i) const {
        return os_member_end(i, "environ", names_.environ);
    }
    std::size_t getenv_end(std::size_t i) const {
        return os_member_end(i, "getenv", names_.getenv);
    }

    void environ_read(std::size_t start, std::size_t end) {
        if (op(end, ".") &&
            (name(end + 1, "get") || name(end + 1, "setdefault") || name(end + 1, "pop")))
            call_read(end + 2);
        if (op(end, "[") && op(end + 2, "]") && !is_written(start, end + 3)) add(end + 1);
        if (is_membership_end(end)) membership_read(start);
    }

    // `os.environ["X"] = v` sets the variable (for this process's children) and `del
    // os.environ["X"]` removes it: neither reads it. `+=` does read it.
    bool is_written(std::size_t start, std::size_t after_subscript) const {
        return op(after_subscript, "=") || (start > 0 && name(start - 1, "del"));
    }

    // `environ` ends the membership test (`in os.environ`, `in os.environ.keys()`).
    bool is_membership_end(std::size_t end) const {
        if (op(end, "[") || op(end, "(")) return false;
        return !op(end, ".") || name(end + 1, "keys");
    }

    // `"X" in os.environ` or `"X" not in os.environ`, the literal being the whole left operand.
    void membership_read(std::size_t start) {
        if (start < 2 || !name(start - 1, "in")) return;
        std::size_t literal = name(start - 2, "not") ? start - 3 : start - 2;
        if (literal >= start || at(literal).kind != TokenKind::string) return;
        if (literal > 0 && binds_tighter_than_in(literal - 1)) return;
        add(literal);
    }
    bool binds_tighter_than_in(std::size_t i) const {
        if (at(i).kind == TokenKind::string) return true;  // "VLLM_" "X": concatenated
        for (std::string_view o :
             {"+", "-", "*", "/", "//", "%", "**", ".", "@", "<<", ">>", "&", "|", "^", "~"})
            if (op(i, o)) return true;
        return false;
    }

    // `(` at `open` then a literal that is the whole first argument.
    void call_read(std::size_t open) {
        if (op(open, "(") && (op(open + 2, ",") || op(open + 2, ")"))) add(open + 1);
    }

    void add(std::size_t literal) {
        if (at(literal).kind != TokenKind::string) return;
        auto value = plain_string_value(at(literal).text);
        if (value) reads_.push_back({*value, at(literal).line, at(literal).column});
    }

    std::span<const Token> tokens_;
    OsNames names_;
    std::vector<EnvRead> reads_;
};

}  // namespace

std::vector<EnvRead> python_env_reads(const std::vector<Token>& tokens) {
    if (tokens.empty()) return {};
    PythonScanner scanner(tokens);
    scanner.binds_aliases();
    return scanner.scan();
}

// The tokens of the lines that may read first (most of a module's bytes are elsewhere: the
// full tokens cost about a hundred instructions per byte); all of them where an alias may read
// on any line.
std::vector<EnvRead> python_env_reads(std::string_view text) {
    std::vector<Token> tokens;
    tokenize_python_env_lines(text, tokens);
    PythonScanner scanner(tokens);
    if (!scanner.binds_aliases()) return scanner.scan();
    return python_env_reads(tokenize_python(text));
}

}  // namespace patchbay
