#include "checks/cpp/grid_loop_macros.hpp"

#include <algorithm>

#include "checks/cpp/cpp_tokenizer.hpp"
#include "checks/text_contains.hpp"
#include "common/text_lines.hpp"

namespace patchbay {
namespace {

// The directive's text with its line splices removed.
std::string joined_lines(std::string_view directive) {
    std::string out;
    out.reserve(directive.size());
    for (std::size_t i = 0; i < directive.size(); ++i) {
        if (directive[i] == '\\') {
            std::size_t next = i + 1;
            if (next < directive.size() && directive[next] == '\r') ++next;
            if (next < directive.size() && directive[next] == '\n') {
                out += ' ';
                i = next;
                continue;
            }
        }
        out += directive[i];
    }
    return out;
}

std::string_view skip_space(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    return text;
}

std::string_view take_name(std::string_view& text) {
    std::size_t end = 0;
    while (end < text.size() && is_ident_char(text[end])) ++end;
    auto name = text.substr(0, end);
    text.remove_prefix(end);
    return name;
}

// `a, b, index_t)` into the names, past the ')'; none when it is no plain list of names.
std::optional<std::vector<std::string>> parameter_names(std::string_view& text) {
    std::vector<std::string> names;
    for (;;) {
        text = skip_space(text);
        auto name = take_name(text);
        if (name.empty()) return std::nullopt;
        names.emplace_back(name);
        text = skip_space(text);
        if (text.empty()) return std::nullopt;
        const char c = text.front();
        text.remove_prefix(1);
        if (c == ')') return names;
        if (c != ',') return std::nullopt;
    }
}

bool has_word(std::span<const Token> tokens, std::string_view word) {
    return std::ranges::any_of(
        tokens, [&](const Token& t) { return t.kind == TokenKind::identifier && t.text == word; });
}

// The argument token ranges of the call whose '(' is at `open`, and one past its ')'.
struct CallArguments {
    std::size_t end = 0;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
};

std::optional<CallArguments> call_arguments(std::span<const Token> tokens, std::size_t open) {
    CallArguments call;
    int depth = 0;
    std::size_t start = open + 1;
    for (std::size_t i = open; i < tokens.size() && tokens[i].kind != TokenKind::end; ++i) {
        const auto& text = tokens[i].text;
        if (tokens[i].kind != TokenKind::op) continue;
        if (text == "(" || text == "[" || text == "{") ++depth;
        if (text == ")" || text == "]" || text == "}") --depth;
        if (depth == 1 && text == ",") {
            call.ranges.emplace_back(start, i);
            start = i + 1;
        }
        if (depth == 0) {
            call.ranges.emplace_back(start, i);
            call.end = i + 1;
            return call;
        }
    }
    return std::nullopt;
}

std::size_t offset_in(std::string_view text, const Token& t) {
    return static_cast<std::size_t>(t.text.data() - text.data());
}

// The source text of tokens [begin, end), on one line.
std::string one_line(std::string_view text, std::span<const Token> tokens, std::size_t begin,
                     std::size_t end) {
    if (begin >= end) return {};
    const std::size_t first = offset_in(text, tokens[begin]);
    const std::size_t last = offset_in(text, tokens[end - 1]) + tokens[end - 1].text.size();
    std::string out(text.substr(first, last - first));
    std::ranges::replace(out, '\n', ' ');
    std::ranges::replace(out, '\r', ' ');
    return out;
}

// The text `macro` expands to at a use, on one line: its body's tokens with the spaces written
// between them (a comment becomes one space: `// …` would hide the rest of the line), each
// parameter replaced by its argument's text.
std::string expansion(const GridLoopMacro& macro, std::string_view text,
                      std::span<const Token> tokens, const CallArguments& call) {
    const std::string_view body = macro.body;
    std::string out;
    std::size_t previous_end = 0;
    for (const Token& t : macro.body_tokens) {
        const std::size_t at = offset_in(body, t);
        const std::string_view gap = body.substr(previous_end, at - previous_end);
        const bool blank = gap.find_first_not_of(" \t") == std::string_view::npos;
        out.append(blank ? gap : std::string_view(" "));
        previous_end = at + t.text.size();
        auto parameter = std::ranges::find(macro.parameters, t.text);
        if (t.kind == TokenKind::identifier && parameter != macro.parameters.end()) {
            auto [begin, end] = call.ranges[parameter - macro.parameters.begin()];
            out += one_line(text, tokens, begin, end);
        } else {
            out += t.text;
        }
    }
    return out;
}

const GridLoopMacro* macro_for(const GridLoopMacros& own, std::string_view name) {
    if (const auto* macro = own.find(name)) return macro;
    return GridLoopMacros::builtin().find(name);
}

// `text` with each use of a macro written out, its line breaks kept after it (the lines of
// what follows stay where they were); none when it uses none.
std::optional<std::string> expand_once(std::string_view text, std::span<const Token> tokens,
                                       const GridLoopMacros& own) {
    std::optional<std::string> out;
    std::size_t copied = 0;
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.kind != TokenKind::identifier || tokens[i + 1].text != "(") continue;
        const GridLoopMacro* macro = macro_for(own, t.text);
        auto call = macro ? call_arguments(tokens, i + 1) : std::nullopt;
        if (!call || call->ranges.size() != macro->parameters.size()) continue;
        if (!out) out.emplace();
        const std::size_t use = offset_in(text, t);
        const std::size_t after = offset_in(text, tokens[call->end - 1]) + 1;
        out->append(text.substr(copied, use - copied));
        out->append(expansion(*macro, text, tokens, *call));
        out->append(
            static_cast<std::size_t>(std::count(text.begin() + use, text.begin() + after, '\n')),
            '\n');
        copied = after;
        i = call->end - 1;
    }
    if (out) out->append(text.substr(copied));
    return out;
}

}  // namespace

std::optional<GridLoopMacro> parse_grid_loop_macro(std::string_view directive) {
    const std::string line = joined_lines(directive);
    std::string_view rest = skip_space(line);
    if (rest.empty() || rest.front() != '#') return std::nullopt;
    rest = skip_space(rest.substr(1));
    if (!rest.starts_with("define")) return std::nullopt;
    rest = skip_space(rest.substr(6));
    GridLoopMacro macro;
    macro.name = std::string(take_name(rest));
    if (macro.name.empty() || rest.empty() || rest.front() != '(') return std::nullopt;
    rest.remove_prefix(1);
    auto parameters = parameter_names(rest);
    if (!parameters) return std::nullopt;
    macro.parameters = std::move(*parameters);
    macro.body = std::string(skip_space(rest));
    tokenize_cpp(macro.body, macro.body_tokens);
    if (!macro.body_tokens.empty() && macro.body_tokens.back().kind == TokenKind::end)
        macro.body_tokens.pop_back();
    const bool opens_loop = has_word(macro.body_tokens, "for") &&
                            has_word(macro.body_tokens, "blockIdx") &&
                            has_word(macro.body_tokens, "gridDim");
    const bool names_loop_macro = std::ranges::any_of(macro.body_tokens, [](const Token& t) {
        return t.kind == TokenKind::identifier &&
               t.text.find("KERNEL_LOOP") != std::string_view::npos;
    });
    if (!opens_loop && !names_loop_macro) return std::nullopt;
    return macro;
}

void GridLoopMacros::add(GridLoopMacro macro) {
    auto held = std::make_unique<GridLoopMacro>(std::move(macro));
    // Tokenized again in place: a moved std::string may move its bytes (a short body).
    held->body_tokens.clear();
    tokenize_cpp(held->body, held->body_tokens);
    if (!held->body_tokens.empty() && held->body_tokens.back().kind == TokenKind::end)
        held->body_tokens.pop_back();
    macros_.push_back(std::move(held));
}

const GridLoopMacro* GridLoopMacros::find(std::string_view name) const {
    for (const auto& macro : macros_)
        if (macro->name == name) return macro.get();
    return nullptr;
}

const GridLoopMacros& GridLoopMacros::builtin() {
    static const GridLoopMacros macros = [] {
        GridLoopMacros made;
        for (std::string_view definition : {
                 "#define CUDA_1D_KERNEL_LOOP_T(i, n, index_t) for (index_t i = (blockIdx.x * "
                 "blockDim.x) + threadIdx.x; i < (n); i += (blockDim.x * gridDim.x))",
                 "#define CUDA_1D_KERNEL_LOOP(i, n) CUDA_1D_KERNEL_LOOP_T(i, n, int)",
                 "#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type) for (index_type i = "
                 "blockIdx.x * blockDim.x + threadIdx.x; i < (n); i = i + blockDim.x * gridDim.x)",
                 "#define CUDA_KERNEL_LOOP(i, n) CUDA_KERNEL_LOOP_TYPE(i, n, int)",
             })
            made.add(*parse_grid_loop_macro(definition));
        return made;
    }();
    return macros;
}

std::optional<std::string> loop_macro_fix_hint(std::string_view use, const GridLoopMacros& own) {
    std::string_view rest = use;
    const std::string name(take_name(rest));
    if (own.find(name)) return "declare the loop's index int64_t in " + name + "'s #define";
    if (!GridLoopMacros::builtin().find(name)) return std::nullopt;
    const std::size_t close = rest.find(')');
    if (!rest.starts_with('(') || close == std::string_view::npos) return std::nullopt;
    std::string arguments(rest.substr(1, close - 1));
    if (name == "CUDA_KERNEL_LOOP")
        return "use CUDA_KERNEL_LOOP_TYPE(" + arguments + ", int64_t): its index is then 64-bit";
    if (name == "CUDA_1D_KERNEL_LOOP")
        return "use CUDA_1D_KERNEL_LOOP_T(" + arguments + ", int64_t): its index is then 64-bit";
    return "give " + name + " int64_t as its index type";
}

GridLoopMacros grid_loop_macros_of(std::span<const Token> tokens) {
    GridLoopMacros macros;
    for (const Token& t : tokens)
        if (t.kind == TokenKind::directive && text_contains(t.text, "define"))
            if (auto macro = parse_grid_loop_macro(t.text)) macros.add(std::move(*macro));
    return macros;
}

namespace {

// One line's change by the expansion: the bytes before and after the written-out use are the
// line's own.
struct ChangedLine {
    std::int64_t line = 0;
    std::int64_t prefix = 0;        // bytes kept before the use
    std::int64_t expanded_end = 0;  // the expansion's end in the expanded line
    std::int64_t shift = 0;         // expanded length minus the original's
};

ChangedLine compare_lines(std::int64_t number, std::string_view before, std::string_view after) {
    std::size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix])
        ++prefix;
    std::size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    return {number, static_cast<std::int64_t>(prefix),
            static_cast<std::int64_t>(after.size() - suffix),
            static_cast<std::int64_t>(after.size()) - static_cast<std::int64_t>(before.size())};
}

}  // namespace

void restore_columns(std::string_view text, std::string_view expanded, std::vector<Token>& tokens) {
    // Lines with their terminators: the same on both sides, they change no prefix or suffix.
    const auto before = split_lines(text);
    const auto after = split_lines(expanded);
    std::vector<ChangedLine> changed;
    for (std::size_t i = 0; i < before.size() && i < after.size(); ++i)
        if (before[i] != after[i])
            changed.push_back(compare_lines(static_cast<std::int64_t>(i) + 1, before[i], after[i]));
    auto next = changed.begin();
    for (Token& t : tokens) {
        while (next != changed.end() && next->line < t.line) ++next;
        if (next == changed.end()) return;
        if (next->line != t.line || t.column - 1 < next->prefix) continue;
        t.column = t.column - 1 >= next->expanded_end ? t.column - next->shift : next->prefix + 1;
    }
}

std::optional<std::string> expand_grid_loop_macros(std::string_view text,
                                                   std::span<const Token> tokens,
                                                   const GridLoopMacros& own) {
    if (own.empty() && !text_contains(text, "KERNEL_LOOP")) return std::nullopt;
    auto expanded = expand_once(text, tokens, own);
    // A macro whose body names another (`CUDA_1D_KERNEL_LOOP` → `CUDA_1D_KERNEL_LOOP_T`).
    for (int level = 1; expanded && level < 3; ++level) {
        std::vector<Token> again;
        tokenize_cpp(*expanded, again);
        auto deeper = expand_once(*expanded, again, own);
        if (!deeper) break;
        expanded = std::move(deeper);
    }
    return expanded;
}

}  // namespace patchbay
