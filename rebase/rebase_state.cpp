#include "rebase/rebase_state.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

constexpr std::string_view kVersion = "1";

std::vector<std::string> fields_of(std::string_view line) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab = line.find('\t'); tab != std::string_view::npos;
         start = tab + 1, tab = line.find('\t', start))
        fields.emplace_back(line.substr(start, tab - start));
    fields.emplace_back(line.substr(start));
    return fields;
}

void add_record(std::string& out, std::initializer_list<std::string_view> fields) {
    std::string_view separator;
    for (auto field : fields) {
        out += separator;
        out += field;
        separator = "\t";
    }
    out += '\n';
}

std::vector<std::string>* paths_of(RebaseState& state, const std::string& name) {
    if (state.pending && state.pending->name == name) return &state.pending->paths;
    auto found = std::find_if(state.resolved.begin(), state.resolved.end(),
                              [&](const ResolvedPatch& p) { return p.name == name; });
    return found == state.resolved.end() ? nullptr : &found->paths;
}

// One record into `state`; false when it is not one this version writes.
bool read_record(const std::vector<std::string>& f, RebaseState& state) {
    const std::string& key = f[0];
    if (key == "version") return f.size() == 2 && f[1] == kVersion;
    if (f.size() == 2 && key == "onto")
        state.onto = f[1];
    else if (f.size() == 2 && key == "onto-commit")
        state.onto_commit = f[1];
    else if (f.size() == 2 && key == "from-commit")
        state.from_commit = f[1];
    else if (f.size() == 2 && key == "committed")
        state.committed.push_back(f[1]);
    else if (f.size() == 3 && key == "patch")
        state.series.push_back({f[1], f[2]});
    else if (f.size() == 3 && key == "resolved")
        state.resolved.push_back({f[1], f[2], {}});
    else if (f.size() == 3 && key == "pending")
        state.pending = PendingPatch{f[1], f[2], {}};
    else if (f.size() == 3 && key == "path") {
        auto* paths = paths_of(state, f[1]);
        if (!paths) return false;
        paths->push_back(f[2]);
    } else
        return false;
    return true;
}

}  // namespace

std::string format_rebase_state(const RebaseState& state) {
    std::string out = "# patchbay rebase --continue reads this file; do not edit it\n";
    add_record(out, {"version", kVersion});
    add_record(out, {"onto", state.onto});
    add_record(out, {"onto-commit", state.onto_commit});
    add_record(out, {"from-commit", state.from_commit});
    for (const auto& patch : state.series) add_record(out, {"patch", patch.name, patch.sha256});
    for (const auto& name : state.committed) add_record(out, {"committed", name});
    for (const auto& patch : state.resolved) {
        add_record(out, {"resolved", patch.name, patch.commit});
        for (const auto& path : patch.paths) add_record(out, {"path", patch.name, path});
    }
    if (state.pending) {
        add_record(out, {"pending", state.pending->name, state.pending->base});
        for (const auto& path : state.pending->paths)
            add_record(out, {"path", state.pending->name, path});
    }
    return out;
}

Result<RebaseState> parse_rebase_state(std::string_view text, const std::string& label) {
    RebaseState state;
    int number = 0;
    for (auto raw : split_lines(text)) {
        ++number;
        auto line = without_terminator(raw);
        if (line.empty() || line.front() == '#') continue;
        if (!read_record(fields_of(line), state))
            return make_error(
                label, number,
                fmt::format("not a record of patchbay rebase: {}", std::string(line)));
    }
    if (state.onto_commit.empty() || state.from_commit.empty())
        return make_error(label, 0, "not a patchbay rebase state: a revision is missing");
    return state;
}

}  // namespace patchbay
