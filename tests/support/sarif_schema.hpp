#pragma once
// Validating SARIF output against the SARIF 2.1.0 JSON schema with Debian's python3-jsonschema.
// The schema is not stored in the tree: PATCHBAY_SARIF_SCHEMA names it, else npm's
// @microsoft/jest-sarif copy is used when installed; tests skip without one.

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/support/process.hpp"

namespace patchbay::test_support {

inline std::filesystem::path sarif_schema() {
    if (const char* set = std::getenv("PATCHBAY_SARIF_SCHEMA")) return set;
    for (const char* root : {"/usr/local/lib/node_modules", "/usr/lib/node_modules"}) {
        auto path = std::filesystem::path(root) /
                    "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json";
        if (std::filesystem::exists(path)) return path;
    }
    return {};
}

// Debian's python3, where python3-jsonschema installs; a python3 earlier on PATH may lack it.
inline std::string schema_python() {
    return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// Why validation cannot run here, or empty when it can.
inline std::string sarif_validation_unavailable() {
    if (sarif_schema().empty())
        return "SARIF schema not installed (npm install -g @microsoft/jest-sarif, or set "
               "PATCHBAY_SARIF_SCHEMA)";
    if (run_process({schema_python(), "-c", "import jsonschema"}).status != 0)
        return "python3 with jsonschema not installed (apt-get install python3-jsonschema)";
    return {};
}

// Validates the SARIF file at `path`; the validator's complaint on failure.
inline ProcessResult validate_sarif(const std::filesystem::path& path) {
    static const char* kValidate =
        "import json, sys, jsonschema\n"
        "schema = json.load(open(sys.argv[1]))\n"
        "jsonschema.validators.validator_for(schema)(schema).validate(json.load(open(sys.argv[2]"
        ")))\n";
    return run_process({schema_python(), "-c", kValidate, sarif_schema().string(), path.string()});
}

}  // namespace patchbay::test_support
