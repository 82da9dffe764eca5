#include "patches/diff_model.hpp"

#include <algorithm>
#include <utility>

namespace patchbay {

namespace {

std::int64_t count_kind(const Hunk& hunk, LineKind a, LineKind b) {
    return std::count_if(hunk.lines.begin(), hunk.lines.end(),
                         [&](const HunkLine& line) { return line.kind == a || line.kind == b; });
}

bool is_changed_line(const HunkLine& line) {
    return line.kind != LineKind::context;
}

}  // namespace

std::int64_t Hunk::body_old_count() const {
    return count_kind(*this, LineKind::context, LineKind::removed);
}

std::int64_t Hunk::body_new_count() const {
    return count_kind(*this, LineKind::context, LineKind::added);
}

std::int64_t Hunk::prefix_context() const {
    auto first_change = std::find_if(lines.begin(), lines.end(), is_changed_line);
    return first_change - lines.begin();
}

std::int64_t Hunk::suffix_context() const {
    auto last_change = std::find_if(lines.rbegin(), lines.rend(), is_changed_line);
    return last_change - lines.rbegin();
}

Hunk reversed(const Hunk& hunk) {
    Hunk swapped = hunk;
    std::swap(swapped.old_start, swapped.new_start);
    std::swap(swapped.old_count, swapped.new_count);
    // Within a run of changes the new side's "+" lines must come before the "-" lines they
    // replace once swapped, so that old-side order stays stable: swap kinds, then reorder each
    // run so removed lines precede added ones.
    for (auto& line : swapped.lines) {
        if (line.kind == LineKind::added)
            line.kind = LineKind::removed;
        else if (line.kind == LineKind::removed)
            line.kind = LineKind::added;
    }
    auto run_begin = swapped.lines.begin();
    while (run_begin != swapped.lines.end()) {
        auto run_end = std::find_if(run_begin, swapped.lines.end(),
                                    [](const HunkLine& l) { return l.kind == LineKind::context; });
        std::stable_partition(run_begin, run_end,
                              [](const HunkLine& l) { return l.kind == LineKind::removed; });
        run_begin = run_end == swapped.lines.end() ? run_end : run_end + 1;
    }
    return swapped;
}

const char* to_string(FileOp op) {
    switch (op) {
        case FileOp::modify:
            return "modify";
        case FileOp::create:
            return "create";
        case FileOp::remove:
            return "delete";
        case FileOp::rename:
            return "rename";
        case FileOp::copy:
            return "copy";
    }
    return "modify";
}

std::optional<std::string> strip_path(const std::string& name, int strip) {
    if (name == "/dev/null" || name.empty()) return std::nullopt;
    std::string_view rest = name;
    for (int i = 0; i < strip; ++i) {
        auto slash = rest.find('/');
        if (slash == std::string_view::npos) return std::nullopt;
        rest.remove_prefix(slash + 1);
        while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
    }
    if (rest.empty()) return std::nullopt;
    return std::string(rest);
}

}  // namespace patchbay
