#include "series/blob_hash.hpp"

#include <algorithm>
#include <string>

#include "series/sha1.hpp"

namespace patchbay {

git_oid blob_oid(std::string_view bytes) {
    Sha1 sha1;
    sha1.update("blob " + std::to_string(bytes.size()) + '\0');
    sha1.update(bytes);
    const auto digest = sha1.finish();
    git_oid id{};
    static_assert(sizeof(id.id) == std::tuple_size_v<Sha1::Digest>, "SHA-1 object ids");
    std::copy(digest.begin(), digest.end(), id.id);
    return id;
}

}  // namespace patchbay
