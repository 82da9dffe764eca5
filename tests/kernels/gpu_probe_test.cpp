#include "kernels/gpu_probe.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(GpuProbe, ParsesNvidiaSmiList) {
    auto names = parse_gpu_list(
        "GPU 0: NVIDIA H200 (UUID: GPU-1b2c3d4e-0000-1111-2222-333344445555)\n"
        "  MIG 1g.18gb Device 0: (UUID: MIG-abc)\n"
        "GPU 1: NVIDIA H200 (UUID: GPU-9b2c3d4e-0000-1111-2222-333344445555)\n");
    EXPECT_EQ(names, (std::vector<std::string>{"NVIDIA H200", "NVIDIA H200"}));
    EXPECT_TRUE(parse_gpu_list("No devices were found\n").empty());
}

TEST(GpuProbe, ParsesComputeCapability) {
    EXPECT_EQ(parse_compute_cap("9.0\n9.0\n"), "sm_90");
    EXPECT_EQ(parse_compute_cap("8.6"), "sm_86");
    EXPECT_EQ(parse_compute_cap("10.0\n"), "sm_100");
    EXPECT_EQ(parse_compute_cap("[N/A]"), "");
}

TEST(GpuProbe, ParsesFreeMemoryAndTakesTheLargest) {
    EXPECT_EQ(parse_free_memory("8000 MiB\n143771 MiB\n"), 143771LL * 1024 * 1024);
    EXPECT_FALSE(parse_free_memory("[N/A]\n").has_value());
}

TEST(GpuProbe, ParsesMemorySizes) {
    EXPECT_EQ(*parse_memory_size("10GiB"), 10737418240LL);
    EXPECT_EQ(*parse_memory_size("512 MiB"), 536870912LL);
    EXPECT_EQ(*parse_memory_size("8GB"), 8000000000LL);
    EXPECT_EQ(*parse_memory_size("1.5GiB"), 1610612736LL);
    EXPECT_EQ(*parse_memory_size("4096"), 4096LL);
    EXPECT_FALSE(parse_memory_size("lots").ok());
    EXPECT_FALSE(parse_memory_size("GiB").ok());
    EXPECT_FALSE(parse_memory_size("-1GiB").ok());
}

TEST(GpuProbe, FormatsBytesInGiB) {
    EXPECT_EQ(format_bytes(10737418240LL), "10.0 GiB");
}

}  // namespace
}  // namespace patchbay
