#include "kernels/ctest_project.hpp"

#include <fmt/format.h>

namespace patchbay {

namespace {

// A CMake bracket argument: no escaping needed, whatever the path holds.
std::string bracket(const std::string& text) {
    return "[==[" + text + "]==]";
}

// Compile time is not run time: the test's limit leaves nvcc room.
constexpr std::int64_t kCompileAllowance = 600;

}  // namespace

std::string ctest_cmakelists(const CtestProject& project, const std::vector<ReproConfig>& repros) {
    std::string out =
        "# Written by `patchbay repro --ctest`. Run on a GPU host with:\n"
        "#   cmake -S <this folder> -B <build> && ctest --test-dir <build> "
        "--resource-spec-file resources.json -j <GPUs>\n"
        "cmake_minimum_required(VERSION 3.16)\nproject(patchbay_repro NONE)\nenable_testing()\n";
    for (const auto& repro : repros) {
        std::string args;
        for (const auto& arg : project.extra_args) args.append(" ").append(bracket(arg));
        out += fmt::format("\nadd_test(NAME {0} COMMAND {1} repro --config {2}{3} {0})\n",
                           bracket(repro.name), bracket(project.patchbay.string()),
                           bracket(project.config.string()), args);
        out += fmt::format(
            "set_tests_properties({} PROPERTIES RESOURCE_GROUPS \"gpus:1\" "
            "SKIP_REGULAR_EXPRESSION \"SKIP [^ ]+: \" TIMEOUT {})\n",
            bracket(repro.name), repro.timeout + kCompileAllowance);
    }
    return out;
}

std::string resource_spec_json(const std::vector<std::string>& gpu_names) {
    std::string gpus;
    for (std::size_t i = 0; i < gpu_names.size(); ++i)
        gpus += fmt::format("{}{{\"id\": \"{}\", \"slots\": 1}}", i ? ", " : "", i);
    return fmt::format(
        "{{\n  \"version\": {{\"major\": 1, \"minor\": 0}},\n  \"local\": [\n"
        "    {{\"gpus\": [{}]}}\n  ]\n}}\n",
        gpus);
}

}  // namespace patchbay
