#include "kernels/ctest_project.hpp"

#include <fmt/format.h>

#include "common/json_writer.hpp"

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

// Spaced, one line per resource group: people read this file to see which GPUs CTest will use.
std::string resource_spec_json(const std::vector<std::string>& gpu_names) {
    JsonWriter json(JsonSpacing::spaced);
    json.begin_object(JsonBreak::each_element).key("version").begin_object();
    json.field("major", 1).field("minor", 0).end_object();
    json.key("local").begin_array(JsonBreak::each_element).begin_object().key("gpus").begin_array();
    for (std::size_t i = 0; i < gpu_names.size(); ++i)
        json.begin_object().field("id", std::to_string(i)).field("slots", 1).end_object();
    json.end_array().end_object().end_array().end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
