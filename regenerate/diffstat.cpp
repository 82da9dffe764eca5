#include "regenerate/diffstat.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace patchbay {

namespace {

struct StatLine {
    std::string name;  // as printed
    int added = 0;
    int deleted = 0;
};

std::string stripped(const std::string& name, int strip) {
    return strip_path(name, strip).value_or(name);
}

bool needs_quotes(const std::string& path) {
    return std::any_of(path.begin(), path.end(), [](char c) {
        auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\';
    });
}

std::string escape_of(unsigned char byte) {
    switch (byte) {
        case '\a':
            return "\\a";
        case '\b':
            return "\\b";
        case '\t':
            return "\\t";
        case '\n':
            return "\\n";
        case '\v':
            return "\\v";
        case '\f':
            return "\\f";
        case '\r':
            return "\\r";
        case '"':
            return "\\\"";
        case '\\':
            return "\\\\";
        default:
            return fmt::format("\\{:03o}", byte);
    }
}

int decimal_width(int n) {
    int width = 1;
    for (; n >= 10; n /= 10) ++width;
    return width;
}

// The old and new names of a section, stripped; one of them for a file created or deleted.
StatLine stat_of(const FileDiff& file, int strip) {
    StatLine line;
    auto from = stripped(file.old_name, strip), to = stripped(file.new_name, strip);
    bool moved = file.op == FileOp::rename || file.op == FileOp::copy;
    line.name =
        moved ? git_rename_name(from, to) : git_quoted_path(file.op == FileOp::remove ? from : to);
    for (const auto& hunk : file.hunks)
        for (const auto& body : hunk.lines) {
            line.added += body.kind == LineKind::added;
            line.deleted += body.kind == LineKind::removed;
        }
    return line;
}

int scale_linear(int it, int width, int max_change) {
    if (it == 0) return 0;
    return 1 + (it * (width - 1) / max_change);
}

struct Widths {
    int name = 0;
    int number = 0;
    int graph = 0;
    int max_change = 0;
};

// git's show_stats: the name gets what it needs, the graph its changes, both cut to the width.
Widths widths_of(const std::vector<StatLine>& lines, int width) {
    Widths w;
    for (const auto& line : lines) {
        w.name = std::max(w.name, static_cast<int>(line.name.size()));
        w.max_change = std::max(w.max_change, line.added + line.deleted);
    }
    w.number = decimal_width(w.max_change);
    width = std::max(width, 16 + 6 + w.number);
    w.graph = w.max_change;
    if (w.name + w.number + 6 + w.graph > width) {
        if (w.graph > width * 3 / 8 - w.number - 6)
            w.graph = std::max(width * 3 / 8 - w.number - 6, 6);
        if (w.name > width - w.number - 6 - w.graph)
            w.name = width - w.number - 6 - w.graph;
        else
            w.graph = width - w.number - 6 - w.name;
    }
    return w;
}

// " ...long/name | 12 +++---"
std::string render_line(const StatLine& line, const Widths& w) {
    std::string prefix, name = line.name;
    int len = w.name;
    if (w.name < static_cast<int>(name.size())) {
        prefix = "...";
        len = std::max(len - 3, 0);
        name = name.substr(name.size() - static_cast<std::size_t>(len));
        if (auto slash = name.find('/'); slash != std::string::npos) name = name.substr(slash);
    }
    int add = line.added, del = line.deleted, total_change = add + del;
    if (w.graph <= w.max_change) {
        int total = scale_linear(add + del, w.graph, w.max_change);
        if (total < 2 && add && del) total = 2;
        if (add < del) {
            add = scale_linear(add, w.graph, w.max_change);
            del = total - add;
        } else {
            del = scale_linear(del, w.graph, w.max_change);
            add = total - del;
        }
    }
    int padding = std::max(len - static_cast<int>(name.size()), 0);
    return fmt::format(" {}{}{} | {:>{}}{}{}{}\n", prefix, name, std::string(padding, ' '),
                       total_change, w.number, total_change ? " " : "",
                       std::string(std::max(add, 0), '+'), std::string(std::max(del, 0), '-'));
}

std::string totals_line(const std::vector<StatLine>& lines) {
    int files = static_cast<int>(lines.size()), adds = 0, dels = 0;
    for (const auto& line : lines) adds += line.added, dels += line.deleted;
    std::string text = fmt::format(" {} file{} changed", files, files == 1 ? "" : "s");
    if (adds || dels == 0) text += fmt::format(", {} insertion{}(+)", adds, adds == 1 ? "" : "s");
    if (dels || adds == 0) text += fmt::format(", {} deletion{}(-)", dels, dels == 1 ? "" : "s");
    return text + "\n";
}

std::string mode_change(const FileDiff& file, const std::string& name) {
    if (!file.changes_mode()) return {};
    return fmt::format(" mode change {:06o} => {:06o}{}\n", *file.old_mode, *file.new_mode,
                       name.empty() ? "" : " " + name);
}

// git's diff_summary for one section.
std::string summary_of(const FileDiff& file, int strip) {
    auto from = stripped(file.old_name, strip), to = stripped(file.new_name, strip);
    auto mode = [](const std::optional<std::uint32_t>& m) {
        return m ? fmt::format("mode {:06o} ", *m) : std::string();
    };
    switch (file.op) {
        case FileOp::create:
            return " create " + mode(file.new_mode) + git_quoted_path(to) + "\n";
        case FileOp::remove:
            return " delete " + mode(file.old_mode) + git_quoted_path(from) + "\n";
        case FileOp::rename:
        case FileOp::copy:
            return fmt::format(" {} {} ({}%)\n", file.op == FileOp::rename ? "rename" : "copy",
                               git_rename_name(from, to), file.similarity.value_or(0)) +
                   mode_change(file, "");
        case FileOp::modify:
            return mode_change(file, git_quoted_path(to));
    }
    return {};
}

}  // namespace

std::string git_quoted_path(const std::string& path) {
    if (!needs_quotes(path)) return path;
    std::string quoted = "\"";
    for (char c : path) {
        auto byte = static_cast<unsigned char>(c);
        quoted += byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\' ? escape_of(byte)
                                                                       : std::string(1, c);
    }
    return quoted + "\"";
}

std::string git_rename_name(const std::string& a, const std::string& b) {
    if (needs_quotes(a) || needs_quotes(b)) return git_quoted_path(a) + " => " + git_quoted_path(b);
    // The common prefix ends in a slash; the common suffix starts with one.
    std::size_t prefix = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i)
        if (a[i] == '/') prefix = i + 1;
    std::size_t suffix = 0;
    std::size_t floor = prefix ? prefix - 1 : 0;
    for (std::size_t i = a.size(), j = b.size(); i > floor && j > floor;) {
        --i, --j;
        if (a[i] != b[j]) break;
        if (a[i] == '/') suffix = a.size() - i;
    }
    auto mid = [&](const std::string& s) {
        return s.size() > prefix + suffix ? s.substr(prefix, s.size() - prefix - suffix) : "";
    };
    if (prefix + suffix == 0) return a + " => " + b;
    return a.substr(0, prefix) + "{" + mid(a) + " => " + mid(b) + "}" + a.substr(a.size() - suffix);
}

std::string git_diffstat(const PatchFile& patch, int strip, int width) {
    if (patch.files.empty()) return {};
    std::vector<StatLine> lines;
    for (const auto& file : patch.files) lines.push_back(stat_of(file, strip));
    auto widths = widths_of(lines, width);
    std::string text;
    for (const auto& line : lines) text += render_line(line, widths);
    text += totals_line(lines);
    for (const auto& file : patch.files) text += summary_of(file, strip);
    return text;
}

}  // namespace patchbay
