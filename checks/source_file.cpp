#include "checks/source_file.hpp"

#include <algorithm>
#include <array>

#include "common/text_lines.hpp"

namespace patchbay {

Language language_of(std::string_view path) {
    auto dot = path.rfind('.');
    if (dot == std::string_view::npos) return Language::other;
    auto ext = path.substr(dot);
    if (ext == ".py") return Language::python;
    // `.hip`: ROCm's kernels, hipified or written for AMD, are the same C++ (bitsandbytes'
    // csrc/kernels.hip carried its own copy of a CUDA fix, PR 1796).
    // `.inc`, `.inl`: C++ text included by other files (Ginkgo keeps its CUDA and HIP kernels
    // in `.hpp.inc` files that both backends include).
    static constexpr std::array<std::string_view, 13> kCuda = {
        ".cu", ".cuh", ".hip", ".c",   ".cc",  ".cpp", ".cxx",
        ".h",  ".hh",  ".hpp", ".hxx", ".inc", ".inl"};
    if (std::find(kCuda.begin(), kCuda.end(), ext) != kCuda.end()) return Language::cuda;
    return Language::other;
}

bool is_cpp_header(std::string_view path) {
    static constexpr std::array<std::string_view, 7> kHeaders = {".h",   ".hh",  ".hpp", ".hxx",
                                                                 ".cuh", ".inc", ".inl"};
    auto dot = path.rfind('.');
    if (dot == std::string_view::npos) return false;
    return std::find(kHeaders.begin(), kHeaders.end(), path.substr(dot)) != kHeaders.end();
}

std::string_view folder_of(std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash + 1);
}

std::string_view SourceFile::line_text(std::int64_t line) const {
    return without_terminator(nth_line(text, line));
}

const SourceFile* AuditTree::find(std::string_view path) const {
    auto it = std::lower_bound(files.begin(), files.end(), path,
                               [](const SourceFile& f, std::string_view p) { return f.path < p; });
    return it != files.end() && it->path == path ? &*it : nullptr;
}

}  // namespace patchbay
