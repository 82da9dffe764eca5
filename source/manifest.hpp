#pragma once
// Proof that a plain-directory upstream is pristine: every file a manifest lists still holds the
// bytes it records. Two formats: a wheel's RECORD ("path,sha256=<urlsafe base64>,size") and
// `sha256sum` output ("<hex>  path" or "<hex> *path").

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

enum class ManifestFormat { record, sha256sum };

struct ManifestEntry {
    std::string path;      // relative to the manifest's base folder, "/"-separated
    std::string expected;  // digest as the manifest writes it (base64url or lower-case hex)
    std::int64_t line = 0;
};

struct Manifest {
    ManifestFormat format = ManifestFormat::sha256sum;
    std::vector<ManifestEntry> entries;
};

// A file named RECORD, or whose first line has ",sha256=", is a RECORD; else sha256sum output.
// RECORD entries without a hash (RECORD itself, .pyc files) and entries outside the base folder
// (installed scripts, "../../bin/x") are left out.
Result<Manifest> parse_manifest(std::string_view text, const std::filesystem::path& file);

// The folder the manifest's paths are relative to: for RECORD (in <pkg>-<ver>.dist-info/) its
// grandparent; for sha256sum the manifest's folder, or `upstream` when the first entry exists
// only there.
std::filesystem::path manifest_base(const Manifest& manifest, const std::filesystem::path& file,
                                    const std::filesystem::path& upstream);

// Reads `file` and checks every entry; a missing or changed file is an Error naming the manifest
// and listing up to 10 offending paths with expected and actual digests.
Status verify_manifest(const std::filesystem::path& file, const std::filesystem::path& upstream);

}  // namespace patchbay
