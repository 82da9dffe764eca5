#include "source/manifest.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "common/text_lines.hpp"
#include "common/tree_path.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxListed = 10;

std::string to_base64url_unpadded(const Sha256Digest& digest) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (std::uint8_t byte : digest) {
        buffer = (buffer << 8) | byte;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out.push_back(kAlphabet[(buffer >> bits) & 0x3f]);
        }
    }
    if (bits > 0) out.push_back(kAlphabet[(buffer << (6 - bits)) & 0x3f]);
    return out;
}

std::string digest_as(ManifestFormat format, std::string_view bytes) {
    const Sha256Digest digest = sha256(bytes);
    return format == ManifestFormat::record ? to_base64url_unpadded(digest) : to_hex(digest);
}

// One CSV row as Python's csv module writes it: fields quoted only when they hold a comma or a
// quote, with "" standing for a quote.
std::vector<std::string> split_csv_row(std::string_view row) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < row.size(); ++i) {
        const char c = row[i];
        if (c == '"' && quoted && i + 1 < row.size() && row[i + 1] == '"') {
            fields.back().push_back('"');
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            fields.emplace_back();
        } else {
            fields.back().push_back(c);
        }
    }
    return fields;
}

bool inside_base(const std::string& path) {
    return tree_path_components(path).ok();
}

Result<std::optional<ManifestEntry>> parse_record_row(std::string_view row, std::int64_t line,
                                                      const std::string& file) {
    const std::vector<std::string> fields = split_csv_row(row);
    if (fields.size() < 2) return make_error(file, line, "expected 'path,sha256=…,size'");
    const std::string& hash = fields[1];
    if (hash.empty() || !inside_base(fields[0])) return std::optional<ManifestEntry>{};
    if (!hash.starts_with("sha256=")) {
        return make_error(
            file, line,
            "unsupported hash '" + hash.substr(0, hash.find('=')) + "' (only sha256 is checked)");
    }
    return std::optional<ManifestEntry>{ManifestEntry{fields[0], hash.substr(7), line}};
}

bool is_hex_digest(std::string_view text) {
    return text.size() == 64 &&
           std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(c) != 0; });
}

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// sha256sum escapes a name holding "\" or a newline: the line starts with "\" and the name
// uses "\\" and "\n".
std::string unescape_name(std::string_view name) {
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '\\' && i + 1 < name.size()) {
            out.push_back(name[++i] == 'n' ? '\n' : name[i]);
        } else {
            out.push_back(name[i]);
        }
    }
    return out;
}

Result<std::optional<ManifestEntry>> parse_sha256sum_row(std::string_view row, std::int64_t line,
                                                         const std::string& file) {
    const bool escaped = row.starts_with('\\');
    if (escaped) row.remove_prefix(1);
    const bool well_formed = row.size() > 66 && is_hex_digest(row.substr(0, 64)) &&
                             row[64] == ' ' && (row[65] == ' ' || row[65] == '*');
    if (!well_formed) return make_error(file, line, "expected '<sha256 hex>  <path>'");
    std::string name(row.substr(66));
    if (escaped) name = unescape_name(name);
    if (!inside_base(name)) {
        return make_error(file, line, "path '" + name + "' is not inside the manifest's tree");
    }
    return std::optional<ManifestEntry>{
        ManifestEntry{name, lower(std::string(row.substr(0, 64))), line}};
}

ManifestFormat detect_format(std::string_view text, const fs::path& file) {
    if (file.filename() == "RECORD") return ManifestFormat::record;
    const std::string_view first = text.substr(0, text.find('\n'));
    return first.find(",sha256=") != std::string_view::npos ? ManifestFormat::record
                                                            : ManifestFormat::sha256sum;
}

fs::path folder_of(const fs::path& file) {
    const fs::path parent = fs::absolute(file).parent_path();
    return parent.empty() ? fs::path(".") : parent;
}

struct Offence {
    const ManifestEntry* entry;
    std::string actual;  // empty: the file is missing or unreadable
};

std::vector<Offence> find_offences(const Manifest& manifest, const fs::path& base) {
    std::vector<Offence> offences;
    for (const ManifestEntry& entry : manifest.entries) {
        auto bytes = read_file(base / entry.path);
        if (!bytes) {
            offences.push_back({&entry, ""});
            continue;
        }
        std::string actual = digest_as(manifest.format, bytes.value());
        if (actual != entry.expected) offences.push_back({&entry, std::move(actual)});
    }
    return offences;
}

std::string describe(const Offence& offence) {
    if (offence.actual.empty()) return offence.entry->path + " (missing)";
    return offence.entry->path + " (expected sha256 " + offence.entry->expected + ", actual " +
           offence.actual + ")";
}

Error offence_error(const std::vector<Offence>& offences, std::size_t total, const fs::path& file,
                    const fs::path& base) {
    std::string message = std::to_string(offences.size()) + " of " + std::to_string(total) +
                          " files under " + base.string() + " differ from the manifest: ";
    for (std::size_t i = 0; i < offences.size() && i < kMaxListed; ++i) {
        message += (i > 0 ? ", " : "") + describe(offences[i]);
    }
    if (offences.size() > kMaxListed) {
        message += " and " + std::to_string(offences.size() - kMaxListed) + " more";
    }
    message += "; the upstream is not pristine, run refused";
    return make_error(file.string(), offences.front().entry->line, std::move(message));
}

}  // namespace

Result<Manifest> parse_manifest(std::string_view text, const fs::path& file) {
    Manifest manifest;
    manifest.format = detect_format(text, file);
    const auto parse_row =
        manifest.format == ManifestFormat::record ? parse_record_row : parse_sha256sum_row;
    std::int64_t line = 0;
    for (std::string_view raw : split_lines(text)) {
        ++line;
        const std::string_view row = without_terminator(raw);
        if (row.empty()) continue;
        auto entry = parse_row(row, line, file.string());
        if (!entry) return entry.error();
        if (entry.value()) manifest.entries.push_back(std::move(*entry.value()));
    }
    if (manifest.entries.empty()) return make_error(file.string(), 0, "manifest lists no files");
    return manifest;
}

fs::path manifest_base(const Manifest& manifest, const fs::path& file, const fs::path& upstream) {
    const fs::path folder = folder_of(file);
    if (manifest.format == ManifestFormat::record) return folder.parent_path();
    std::error_code ec;
    const std::string& first = manifest.entries.front().path;
    if (!fs::exists(folder / first, ec) && fs::exists(upstream / first, ec)) return upstream;
    return folder;
}

Status verify_manifest(const fs::path& file, const fs::path& upstream) {
    auto text = read_file(file);
    if (!text) return text.error();
    auto manifest = parse_manifest(text.value(), file);
    if (!manifest) return manifest.error();
    const fs::path base = manifest_base(manifest.value(), file, upstream);
    const std::vector<Offence> offences = find_offences(manifest.value(), base);
    if (!offences.empty()) return offence_error(offences, manifest->entries.size(), file, base);
    return Ok{};
}

}  // namespace patchbay
