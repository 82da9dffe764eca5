#include "kernels/ctest_project.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(CtestProject, OneTestPerReproducerWithOneGpuEach) {
    ReproConfig bigpool;
    bigpool.name = "paged-gather-bigpool";
    bigpool.timeout = 300;
    auto text = ctest_cmakelists({"/opt/patchbay", "/src/demo/patchbay.toml", {"--arch", "sm_90"}},
                                 {bigpool});
    EXPECT_NE(
        text.find("add_test(NAME [==[paged-gather-bigpool]==] COMMAND [==[/opt/patchbay]==] repro "
                  "--config [==[/src/demo/patchbay.toml]==] [==[--arch]==] [==[sm_90]==] "
                  "[==[paged-gather-bigpool]==])"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("RESOURCE_GROUPS \"gpus:1\""), std::string::npos);
    EXPECT_NE(text.find("TIMEOUT 900"), std::string::npos);
}

TEST(CtestProject, ResourceSpecListsEveryGpu) {
    EXPECT_EQ(
        resource_spec_json({"NVIDIA H200", "NVIDIA H200"}),
        "{\n  \"version\": {\"major\": 1, \"minor\": 0},\n  \"local\": [\n"
        "    {\"gpus\": [{\"id\": \"0\", \"slots\": 1}, {\"id\": \"1\", \"slots\": 1}]}\n  ]\n}\n");
}

}  // namespace
}  // namespace patchbay
