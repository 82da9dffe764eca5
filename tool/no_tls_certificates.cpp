// patchbay never talks to a remote: every repository it opens is local. Yet libgit2's start-up,
// as Debian builds it (with mbedTLS), parses every certificate of the system's CA bundle, in
// case a clone or fetch comes later: 5 ms of the 20 a check-series of binutils takes on two
// cores (bench/RESULTS.md, round 6). The executable defines the two mbedTLS functions that load
// them (exported: see CMakeLists.txt), and the dynamic linker binds libgit2's calls here, ahead
// of libmbedx509's: they load nothing and succeed. Should patchbay ever open a TLS connection
// through libgit2, the empty chain of trust makes it fail verification, never trust a peer.
// A libgit2 built with OpenSSL never calls them; then nothing changes.

extern "C" {

int mbedtls_x509_crt_parse_file(void* chain, const char* path);
int mbedtls_x509_crt_parse_path(void* chain, const char* path);

int mbedtls_x509_crt_parse_file(void* /*chain*/, const char* /*path*/) {
    return 0;  // "parsed", nothing added
}

int mbedtls_x509_crt_parse_path(void* /*chain*/, const char* /*path*/) {
    return 0;  // the number of certificates that failed to parse
}

}  // extern "C"
