#include "patches/patch_writer.hpp"

#include <fmt/format.h>

namespace patchbay {

namespace {

std::string range(std::int64_t start, std::int64_t count) {
    return count == 1 ? fmt::format("{}", start) : fmt::format("{},{}", start, count);
}

std::string without_prefix(const std::string& name, const std::string& prefix) {
    return name.starts_with(prefix) ? name.substr(prefix.size()) : name;
}

// The "diff --git" name of a side that is "/dev/null" in the "---"/"+++" lines.
std::string mirrored(const std::string& other, const std::string& other_prefix,
                     const std::string& prefix) {
    return prefix + without_prefix(other, other_prefix);
}

std::string git_old_name(const FileDiff& file, const PatchStyle& style) {
    if (file.old_name != "/dev/null") return file.old_name;
    return mirrored(file.new_name, style.new_prefix, style.old_prefix);
}

std::string git_new_name(const FileDiff& file, const PatchStyle& style) {
    if (file.new_name != "/dev/null") return file.new_name;
    return mirrored(file.old_name, style.old_prefix, style.new_prefix);
}

std::string mode_lines(const FileDiff& file) {
    if (file.op == FileOp::create && file.new_mode)
        return fmt::format("new file mode {:06o}\n", *file.new_mode);
    if (file.op == FileOp::remove && file.old_mode)
        return fmt::format("deleted file mode {:06o}\n", *file.old_mode);
    if (file.changes_mode())
        return fmt::format("old mode {:06o}\nnew mode {:06o}\n", *file.old_mode, *file.new_mode);
    return {};
}

std::string move_lines(const FileDiff& file, const PatchStyle& style) {
    if (file.op != FileOp::rename && file.op != FileOp::copy) return {};
    const char* verb = file.op == FileOp::rename ? "rename" : "copy";
    std::string out;
    if (file.similarity) out += fmt::format("similarity index {}%\n", *file.similarity);
    out += fmt::format("{} from {}\n", verb, without_prefix(file.old_name, style.old_prefix));
    out += fmt::format("{} to {}\n", verb, without_prefix(file.new_name, style.new_prefix));
    return out;
}

// git writes the mode on the index line when both sides share it.
std::string index_line(const FileDiff& file) {
    if (file.old_index.empty() && file.new_index.empty()) return {};
    std::string out = fmt::format("index {}..{}", file.old_index, file.new_index);
    bool shared = file.op != FileOp::create && file.op != FileOp::remove && file.old_mode &&
                  file.new_mode && *file.old_mode == *file.new_mode;
    if (shared) out += fmt::format(" {:06o}", *file.old_mode);
    return out + "\n";
}

std::string git_header(const FileDiff& file, const PatchStyle& style) {
    std::string out =
        fmt::format("diff --git {} {}\n", git_old_name(file, style), git_new_name(file, style));
    if (file.op == FileOp::create || file.op == FileOp::remove) {
        out += mode_lines(file);
        return out + index_line(file);
    }
    return out + mode_lines(file) + move_lines(file, style) + index_line(file);
}

std::string hunk_line(const HunkLine& line) {
    std::string out(1, static_cast<char>(line.kind));
    out += line.text;
    if (!line.text.ends_with('\n')) out += "\n\\ No newline at end of file\n";
    return out;
}

}  // namespace

std::string render_hunk_header(const Hunk& hunk) {
    std::string out = fmt::format("@@ -{} +{} @@", range(hunk.old_start, hunk.old_count),
                                  range(hunk.new_start, hunk.new_count));
    if (!hunk.function_context.empty()) out += " " + hunk.function_context;
    return out + "\n";
}

std::string render_hunk(const Hunk& hunk) {
    if (!hunk.verbatim.empty()) return hunk.verbatim;
    std::string out = render_hunk_header(hunk);
    for (const auto& line : hunk.lines) out += hunk_line(line);
    return out;
}

std::string render_file(const FileDiff& file, const PatchStyle& style) {
    if (!file.verbatim.empty()) return file.verbatim;
    if (!file.verbatim_header.empty() && !file.hunks.empty()) {
        std::string out = file.verbatim_header;
        for (const auto& hunk : file.hunks) out += render_hunk(hunk);
        return out;
    }
    std::string out = file.git ? git_header(file, style) : std::string();
    if (file.hunks.empty()) return out;
    out += fmt::format("--- {}\n+++ {}\n", file.old_name, file.new_name);
    for (const auto& hunk : file.hunks) out += render_hunk(hunk);
    return out;
}

std::string render_patch(const PatchFile& patch, const PatchStyle& style) {
    std::string out = patch.preamble;
    for (const auto& file : patch.files) out += render_file(file, style);
    return out;
}

}  // namespace patchbay
