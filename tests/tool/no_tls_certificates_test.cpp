// The patchbay executable keeps libgit2 from parsing the system's CA bundle at start-up
// (tool/no_tls_certificates.cpp): the dynamic linker's own account of its bindings says where
// libgit2's calls go.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/process.hpp"

namespace patchbay {
namespace {

std::string binding_of(const std::string& bindings, const std::string& symbol) {
    for (std::size_t at = bindings.find("symbol `" + symbol + "'"); at != std::string::npos;
         at = bindings.find("symbol `" + symbol + "'", at + 1)) {
        const auto line_start = bindings.rfind('\n', at) + 1;
        const auto line = bindings.substr(line_start, at - line_start);
        if (line.find("libgit2.so") != std::string::npos) return line;
    }
    return "";
}

TEST(NoTlsCertificates, LibgitLoadsTheCertificatesThroughTheExecutable) {
    const auto result =
        testing::run_process({"env", "LD_DEBUG=bindings", PATCHBAY_BINARY, "--version"});
    ASSERT_EQ(result.status, 0) << result.err;
    for (const std::string symbol :
         {"mbedtls_x509_crt_parse_file", "mbedtls_x509_crt_parse_path"}) {
        const auto line = binding_of(result.err, symbol);
        if (line.empty()) GTEST_SKIP() << "libgit2 does not load certificates through mbedTLS";
        EXPECT_NE(line.find(" to " + std::string(PATCHBAY_BINARY) + " [0]"), std::string::npos)
            << line;
    }
}

}  // namespace
}  // namespace patchbay
