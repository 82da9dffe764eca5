#pragma once
// What the machine offers a reproducer: GPUs (nvidia-smi, /dev/nvidia0), their compute
// capability and free memory. The parsing is separate from the probing so both can be tested
// on a machine without a GPU.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

struct GpuInfo {
    bool present = false;
    std::string absent_reason;               // why not, when !present: "nvidia-smi -L failed: …"
    std::vector<std::string> names;          // one per GPU, from nvidia-smi -L
    std::string arch;                        // "sm_90"; empty when unknown
    std::optional<std::int64_t> free_bytes;  // on the emptiest GPU
};

// The probe, replaceable in tests.
using GpuProbe = std::function<GpuInfo()>;

// nvidia-smi -L, --query-gpu=compute_cap and --query-gpu=memory.free, and /dev/nvidia0.
GpuInfo probe_gpus();

// "GPU 0: NVIDIA H200 (UUID: GPU-…)" lines -> {"NVIDIA H200", …}.
std::vector<std::string> parse_gpu_list(const std::string& nvidia_smi_l);

// "9.0\n" -> "sm_90"; empty when the text is not a compute capability.
std::string parse_compute_cap(const std::string& text);

// "143771 MiB\n8000 MiB" (csv, noheader) -> the largest, in bytes.
std::optional<std::int64_t> parse_free_memory(const std::string& text);

// "10GiB", "512MiB", "8GB", "1000000" (bytes) -> bytes; an Error for anything else.
Result<std::int64_t> parse_memory_size(const std::string& text);

// 10737418240 -> "10.0 GiB".
std::string format_bytes(std::int64_t bytes);

}  // namespace patchbay
