#include "regenerate/text_merge.hpp"

#include <git2.h>

#include "common/git_handles.hpp"

namespace patchbay {

namespace {

git_merge_file_input input_of(std::string_view text) {
    git_merge_file_input input{};
    git_merge_file_input_init(&input, GIT_MERGE_FILE_INPUT_VERSION);
    input.ptr = text.data();
    input.size = text.size();
    return input;
}

}  // namespace

Result<TextMerge> merge_texts(std::string_view base, std::string_view ours, std::string_view theirs,
                              const MergeLabels& labels) {
    ensure_libgit2();
    git_merge_file_input base_input = input_of(base), ours_input = input_of(ours),
                         theirs_input = input_of(theirs);
    git_merge_file_options options{};
    git_merge_file_options_init(&options, GIT_MERGE_FILE_OPTIONS_VERSION);
    options.ancestor_label = labels.base.c_str();
    options.our_label = labels.ours.c_str();
    options.their_label = labels.theirs.c_str();
    options.flags = GIT_MERGE_FILE_STYLE_DIFF3;
    git_merge_file_result result = {};
    if (git_merge_file(&result, &base_input, &ours_input, &theirs_input, &options) != 0)
        return make_error(last_git_error("cannot merge two changes of a file"));
    TextMerge merge{result.automergeable != 0,
                    result.ptr ? std::string(result.ptr, result.len) : std::string()};
    git_merge_file_result_free(&result);
    return merge;
}

}  // namespace patchbay
