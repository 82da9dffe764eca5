#include "common/git_blob_id.hpp"

#include <openssl/evp.h>

#include <memory>

#include "common/sha256.hpp"

namespace patchbay {

GitBlobId git_blob_id(std::string_view bytes) {
    const std::string header = "blob " + std::to_string(bytes.size());
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    &EVP_MD_CTX_free);
    GitBlobId id{};
    unsigned int length = 0;
    // The header's terminating NUL is part of what git hashes.
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha1(), nullptr) != 1 ||
        EVP_DigestUpdate(context.get(), header.c_str(), header.size() + 1) != 1 ||
        EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(context.get(), id.data(), &length) != 1)
        return GitBlobId{};
    return id;
}

std::string git_blob_id_hex(std::string_view bytes) {
    return to_hex(git_blob_id(bytes));
}

}  // namespace patchbay
