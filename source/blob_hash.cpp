#include "source/blob_hash.hpp"

#include <openssl/evp.h>

#include <memory>
#include <string>

namespace patchbay {

git_oid blob_oid(std::string_view bytes) {
    const std::string header = "blob " + std::to_string(bytes.size());
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    &EVP_MD_CTX_free);
    git_oid id{};
    unsigned int length = 0;
    // The header's terminating NUL is part of what git hashes.
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha1(), nullptr) != 1 ||
        EVP_DigestUpdate(context.get(), header.c_str(), header.size() + 1) != 1 ||
        EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(context.get(), id.id, &length) != 1)
        return git_oid{};
    return id;
}

}  // namespace patchbay
