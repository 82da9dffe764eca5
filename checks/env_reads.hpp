#pragma once
// Reads of an environment variable by a literal name, found in the tokens of a source file:
// Python os.environ.get/[]/in/setdefault/pop and os.getenv (also `from os import environ,
// getenv` and `import os as x`), C/C++ getenv, std::getenv and secure_getenv. A name that is not
// a plain string literal (an f-string, a variable) is not a read we can judge and is skipped.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/source_file.hpp"
#include "checks/token.hpp"

namespace patchbay {

struct EnvRead {
    std::string name;
    std::int64_t line = 0;  // of the name's string literal
    std::int64_t column = 0;
};

std::vector<EnvRead> python_env_reads(const std::vector<Token>& tokens);
std::vector<EnvRead> python_env_reads(std::string_view text);  // tokenizes what it needs
std::vector<EnvRead> cpp_env_reads(const std::vector<Token>& tokens);

// Tokenizes `file` by its language; nothing for Language::other.
std::vector<EnvRead> env_reads(const SourceFile& file);

// The value of a Python or C/C++ string literal without escapes or interpolation ("X", 'X',
// """X""", r"X", u8"X", L"X"); nullopt for f-strings, byte strings and literals with escapes.
std::optional<std::string> plain_string_value(std::string_view literal);

}  // namespace patchbay
