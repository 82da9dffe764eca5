#include "source/blob_hash.hpp"

#include "source/git_handles.hpp"

namespace patchbay {

git_oid blob_oid(std::string_view bytes) {
    ensure_libgit2();
    git_oid id{};
    git_odb_hash(&id, bytes.data(), bytes.size(), GIT_OBJECT_BLOB);
    return id;
}

}  // namespace patchbay
