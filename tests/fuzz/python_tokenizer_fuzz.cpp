// libFuzzer target: any bytes as a python source file. The tokenizer never fails; every token
// must be a view into the text, in order, and the last token is `end`.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "checks/token.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto tokens = patchbay::tokenize_python(text);
    if (tokens.empty() || tokens.back().kind != patchbay::TokenKind::end) __builtin_trap();
    const char* previous = text.data();
    for (const auto& token : tokens) {
        if (token.text.empty()) continue;  // indent, dedent, newline and end may be empty views
        if (token.text.data() < previous ||
            token.text.data() + token.text.size() > text.data() + size)
            __builtin_trap();
        if (token.line < 1 || token.column < 1) __builtin_trap();
        previous = token.text.data();
    }
    return 0;
}
