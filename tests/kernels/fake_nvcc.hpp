#pragma once
// A stand-in compiler for cache and runner tests: a real shell script that logs each compile
// and writes a small program. It tests the plumbing around nvcc, never a GPU result.

#include <filesystem>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace patchbay::test_support {

inline std::filesystem::path write_fake_nvcc(const std::filesystem::path& dir,
                                             const std::string& version = "1.0") {
    const auto nvcc = dir / "bin/nvcc";
    write_file(nvcc,
               "#!/bin/sh\n"
               "if [ \"$1\" = --version ]; then echo 'fake nvcc " +
                   version +
                   "'; exit 0; fi\n"
                   "echo \"$@\" >> '" +
                   (dir / "compiles.log").string() +
                   "'\n"
                   "out=''; prev=''\n"
                   "for a in \"$@\"; do [ \"$prev\" = -o ] && out=\"$a\"; prev=\"$a\"; done\n"
                   "for a in \"$@\"; do case \"$a\" in *broken.cu) echo 'broken.cu(3): error: "
                   "expected a \";\"' >&2; exit 1;; esac; done\n"
                   "printf '#!/bin/sh\\necho built\\n' > \"$out\"; chmod +x \"$out\"\n");
    std::filesystem::permissions(nvcc, std::filesystem::perms::owner_all);
    return nvcc;
}

inline int compile_count(const std::filesystem::path& dir) {
    auto log = read_file(dir / "compiles.log");
    int lines = 0;
    for (char c : log) lines += c == '\n';
    return lines;
}

}  // namespace patchbay::test_support
