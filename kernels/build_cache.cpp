#include "kernels/build_cache.hpp"

#include <unistd.h>

#include <algorithm>

#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "kernels/child_process.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// Length-prefixed, so no two input lists hash alike by shifting bytes between fields.
void add(std::string& manifest, const std::string& label, std::string_view bytes) {
    manifest += label + ' ' + std::to_string(bytes.size()) + ' ' + sha256_hex(bytes) + '\n';
}

Status add_folder(std::string& manifest, const fs::path& tree, const std::string& include) {
    const fs::path root = tree / include;
    std::error_code ec;
    if (!fs::is_directory(root, ec))
        return make_error(include + ": include folder not found in the result tree");
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file()) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        auto bytes = read_file(file);
        if (!bytes) return bytes.error();
        add(manifest, "tree:" + file.lexically_relative(tree).generic_string(), *bytes);
    }
    return Ok{};
}

Result<std::string> nvcc_version(const fs::path& nvcc) {
    auto run = run_child(ChildRequest{{nvcc.string(), "--version"}, {}, {}, 60});
    if (!run) return run.error();
    if (run->exit_code != 0)
        return make_error(nvcc.string(), 0, "nvcc --version failed: " + run->err);
    return run->out;
}

}  // namespace

Result<std::string> build_key(const BuildRequest& request, const std::string& version) {
    std::string manifest = "patchbay-repro-build-1\n";
    add(manifest, "nvcc-version", version);
    add(manifest, "arch", request.arch);
    for (const auto& flag : request.flags) add(manifest, "flag", flag);
    for (const auto& source : request.sources) {
        auto bytes = read_file(source);
        if (!bytes) return bytes.error();
        add(manifest, "source:" + source.filename().string(), *bytes);
    }
    for (const auto& include : request.include) {
        add(manifest, "include", include);
        if (auto added = add_folder(manifest, request.tree, include); !added) return added.error();
    }
    return sha256_hex(manifest);
}

std::vector<std::string> nvcc_command(const BuildRequest& request, const fs::path& output) {
    std::vector<std::string> argv = {request.nvcc.string()};
    argv.insert(argv.end(), request.flags.begin(), request.flags.end());
    argv.push_back("-arch=" + request.arch);
    for (const auto& include : request.include)
        argv.push_back("-I" + (request.tree / include).string());
    argv.push_back("-o");
    argv.push_back(output.string());
    for (const auto& source : request.sources) argv.push_back(source.string());
    return argv;
}

Result<BuildResult> build_reproducer(const BuildRequest& request) {
    auto version = nvcc_version(request.nvcc);
    if (!version) return version.error();
    auto key = build_key(request, *version);
    if (!key) return key.error();
    BuildResult result{request.cache_root / "bin" / *key / request.name, *key, false, false, {}};
    std::error_code ec;
    if (fs::is_regular_file(result.binary, ec)) return result;
    fs::create_directories(result.binary.parent_path(), ec);
    const fs::path temp = result.binary.string() + ".tmp-" + std::to_string(getpid());
    auto run = run_child(ChildRequest{nvcc_command(request, temp), {}, {}, request.timeout_s});
    if (!run) return run.error();
    result.compiled = true;
    result.log = run->out + run->err;
    if (run->timed_out) result.log += "nvcc timed out\n";
    result.failed = run->exit_code != 0 || run->timed_out || !fs::is_regular_file(temp, ec);
    if (result.failed) return fs::remove(temp, ec), result;
    fs::rename(temp, result.binary, ec);  // atomic: a reader never sees half a binary
    if (ec)
        return make_error(result.binary.string(), 0, "cannot store the binary: " + ec.message());
    return result;
}

}  // namespace patchbay
