#include "common/dot_git_name.hpp"

#include <algorithm>

namespace patchbay {
namespace {

// The UTF-8 bytes of a code point that HFS+ leaves out when it compares names (all of them
// three bytes long): U+200C-U+200F, U+202A-U+202E, U+206A-U+206F, U+FEFF.
bool starts_with_hfs_ignorable(std::string_view bytes) {
    if (bytes.size() < 3) return false;
    const auto first = static_cast<unsigned char>(bytes[0]);
    const auto second = static_cast<unsigned char>(bytes[1]);
    const auto third = static_cast<unsigned char>(bytes[2]);
    if (first == 0xEF) return second == 0xBB && third == 0xBF;
    if (first != 0xE2) return false;
    if (second == 0x80) return (third >= 0x8C && third <= 0x8F) || (third >= 0xAA && third <= 0xAE);
    return second == 0x81 && third >= 0xAA && third <= 0xAF;
}

// The name as HFS+ compares it.
std::string without_hfs_ignorables(std::string_view name) {
    std::string kept;
    for (std::size_t i = 0; i < name.size();) {
        if (starts_with_hfs_ignorable(name.substr(i))) {
            i += 3;
            continue;
        }
        kept += name[i++];
    }
    return kept;
}

// ASCII only: HFS+ and NTFS fold other letters too, but none of them onto ".git".
bool starts_with_ignoring_case(std::string_view name, std::string_view lower_prefix) {
    if (name.size() < lower_prefix.size()) return false;
    for (std::size_t i = 0; i < lower_prefix.size(); ++i) {
        char c = name[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != lower_prefix[i]) return false;
    }
    return true;
}

// What Windows ignores after a name: trailing dots and spaces, and a stream (":…").
bool windows_ignores(std::string_view rest) {
    for (char c : rest) {
        if (c == ':') return true;
        if (c != '.' && c != ' ') return false;
    }
    return true;
}

// Why `part` (no slash, no backslash) is .git on some file system, as a clause after the name.
std::optional<std::string> part_spelling(std::string_view part) {
    if (starts_with_ignoring_case(part, "git~1") && windows_ignores(part.substr(5)))
        return " is the short (8.3) name of .git on Windows";
    if (!starts_with_ignoring_case(part, ".git") || !windows_ignores(part.substr(4)))
        return std::nullopt;
    const std::string_view rest = part.substr(4);
    if (rest.find(':') != std::string_view::npos) return " is a stream of .git on Windows (NTFS)";
    if (!rest.empty()) return " is .git on Windows, which drops trailing dots and spaces";
    return " is .git where names ignore case (Windows, macOS)";
}

// The same for a name whose backslashes Windows reads as folder separators.
std::optional<std::string> windows_spelling(std::string_view name) {
    std::size_t start = 0;
    while (true) {
        const std::size_t end = std::min(name.find('\\', start), name.size());
        const std::string_view part = name.substr(start, end - start);
        if (auto why = part_spelling(part))
            return part.size() == name.size()
                       ? why
                       : " holds .git on Windows, where '\\' separates folders";
        if (end == name.size()) return std::nullopt;
        start = end + 1;
    }
}

// An 8.3 short name of `stem`: "gitmod~1", with any dots and spaces after it.
bool is_short_name(std::string_view part, std::string_view stem) {
    std::size_t at = stem.size();
    if (!starts_with_ignoring_case(part, stem) || part.size() < at + 2 || part[at] != '~')
        return false;
    if (part[++at] < '1' || part[at] > '9') return false;
    while (at < part.size() && part[at] >= '0' && part[at] <= '9') ++at;
    return windows_ignores(part.substr(at));
}

}  // namespace

bool is_dot_gitmodules_spelling(std::string_view component) {
    const std::string visible = without_hfs_ignorables(component);
    const std::string_view name = visible;
    if (starts_with_ignoring_case(name, ".gitmodules") && windows_ignores(name.substr(11)))
        return true;
    return is_short_name(name, "gitmod") || is_short_name(name, "gi7eba");
}

std::optional<std::string> dot_git_spelling(std::string_view component) {
    if (component == ".git") return std::string();
    const std::string visible = without_hfs_ignorables(component);
    auto why = windows_spelling(visible);
    if (!why) return std::nullopt;
    const std::string quoted = "'" + std::string(component) + "'";
    if (visible.size() != component.size())
        return quoted + " is .git on macOS, whose HFS+ ignores some invisible characters";
    return quoted + *why;
}

}  // namespace patchbay
