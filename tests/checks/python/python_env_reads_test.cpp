// Tests checks/python/python_env_reads.cpp: the reads found from the text (only the lines that
// may read tokenized) are those found in the full tokens.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checks/env_reads.hpp"

namespace patchbay {
namespace {

std::vector<std::string> spelled(const std::vector<EnvRead>& reads) {
    std::vector<std::string> out;
    for (const auto& read : reads)
        out.push_back(read.name + "@" + std::to_string(read.line) + ":" +
                      std::to_string(read.column));
    return out;
}

void expect_same_reads(std::string_view text) {
    EXPECT_EQ(spelled(python_env_reads(text)), spelled(python_env_reads(tokenize_python(text))))
        << text;
}

TEST(PythonEnvReads, FromTheTextAsFromAllTokens) {
    expect_same_reads("import os\nx = os.getenv('A')\ny = os.environ.get(\"B\", 1)\n");
    expect_same_reads(
        "import os\nif 'C' in os.environ:\n    pass\nif 'D' not in os.environ: pass\n");
    expect_same_reads("import os\nv = {\n  'k': lambda: os.getenv('E', None),\n  'x': 1,\n}\n");
    expect_same_reads(
        "import os\nos.environ['F'] = '1'\ndel os.environ['G']\nz = os.environ['H']\n");
    expect_same_reads("s = '''\nos.getenv('I')\n'''\nimport os\nq = 1; r = os.getenv('J')\n");
    expect_same_reads("from os import environ, getenv\na = getenv('K')\nb = environ['L']\n");
    expect_same_reads("from os import *\na = getenv('M')\n");
    expect_same_reads("");
}

// An alias reads on lines that spell no os name: those files are tokenized whole.
TEST(PythonEnvReads, AliasesReadOnAnyLine) {
    expect_same_reads("import os as o\nx = o.getenv('A')\n");
    expect_same_reads("from os import getenv as g\nx = g('B')\n");
    expect_same_reads("from os import environ as e\nx = e['C']\ny = 'D' in e\n");
    EXPECT_EQ(
        spelled(python_env_reads(std::string_view("from os import getenv as g\nx = g('B')\n"))),
        (std::vector<std::string>{"B@2:7"}));
}

}  // namespace
}  // namespace patchbay
