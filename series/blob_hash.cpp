#include "series/blob_hash.hpp"

#include <openssl/evp.h>

#include <memory>
#include <string>

namespace patchbay {

git_oid blob_oid(std::string_view bytes) {
    const std::string header = "blob " + std::to_string(bytes.size()) + '\0';
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    EVP_MD_CTX_free);
    git_oid id{};
    static_assert(sizeof(id.id) == 20, "SHA-1 object ids");
    EVP_DigestInit_ex(context.get(), EVP_sha1(), nullptr);
    EVP_DigestUpdate(context.get(), header.data(), header.size());
    EVP_DigestUpdate(context.get(), bytes.data(), bytes.size());
    EVP_DigestFinal_ex(context.get(), id.id, nullptr);
    return id;
}

}  // namespace patchbay
