#include "source/object_seeding.hpp"

#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace patchbay {
namespace {

namespace fs = std::filesystem;

// git follows alternates this deep, no deeper (a cycle ends there too).
constexpr int kMaxAlternateDepth = 5;

bool is_hex(std::string_view text) {
    return text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

bool is_loose_folder(const std::string& name) {
    return name.size() == 2 && is_hex(name);
}

// A .keep or .promisor file says something about the old repository only; temporary files
// are half-written.
bool is_pack_file(const std::string& name) {
    if (name.rfind("pack-", 0) != 0) return false;
    for (std::string_view ext : {".pack", ".idx", ".rev", ".bitmap", ".mtimes"})
        if (name.size() > ext.size() &&
            name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
            return true;
    return false;
}

Status link_or_copy(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    fs::create_hard_link(from, to, ec);
    if (!ec || ec == std::errc::file_exists) return Ok{};
    ec.clear();
    fs::copy_file(from, to, fs::copy_options::skip_existing, ec);
    if (ec) return make_error(from.string(), 0, "cannot link or copy the object: " + ec.message());
    return Ok{};
}

// Every regular file of `from` whose name `wanted` accepts, into `to`.
template <class Wanted>
Status seed_folder(const fs::path& from, const fs::path& to, Wanted wanted) {
    std::error_code ec;
    fs::create_directories(to, ec);
    if (ec) return make_error(to.string(), 0, "cannot create the folder: " + ec.message());
    for (const auto& entry : fs::directory_iterator(from, ec)) {
        const std::string name = entry.path().filename().string();
        if (!wanted(name) || !entry.is_regular_file(ec)) continue;
        if (auto seeded = link_or_copy(entry.path(), to / name); !seeded) return seeded;
    }
    if (ec) return make_error(from.string(), 0, "cannot read the folder: " + ec.message());
    return Ok{};
}

bool is_loose_object(const std::string& name) {
    return name.size() == 38 && is_hex(name);
}

Status seed_from(const fs::path& from, const fs::path& to, int depth);

// info/alternates: one object folder a line, relative to `from` unless absolute.
Status seed_alternates(const fs::path& from, const fs::path& to, int depth) {
    std::ifstream in(from / "info" / "alternates");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (auto seeded = seed_from(from / line, to, depth + 1); !seeded) return seeded;
    }
    return Ok{};
}

Status seed_from(const fs::path& from, const fs::path& to, int depth) {
    if (depth > kMaxAlternateDepth) return Ok{};
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(from, ec)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory(ec)) continue;
        Status seeded = Ok{};
        if (name == "pack")
            seeded = seed_folder(entry.path(), to / name, is_pack_file);
        else if (is_loose_folder(name))
            seeded = seed_folder(entry.path(), to / name, is_loose_object);
        if (!seeded) return seeded;
    }
    if (ec) return make_error(from.string(), 0, "cannot read the object folder: " + ec.message());
    return seed_alternates(from, to, depth);
}

}  // namespace

Status seed_objects(const fs::path& from, const fs::path& to) {
    return seed_from(from, to, 0);
}

}  // namespace patchbay
