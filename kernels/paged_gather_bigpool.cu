// Bigpool reproducer for the demo's paged gather kernel (docs/ARCHITECTURE.md §7, issue #5).
//
// Includes attention/paged_gather.cuh from the RESULT tree (the runner passes -I<tree>/csrc),
// allocates bf16 K and V pools of more than 2^31 elements each, writes one request's blocks at
// the TOP of the pool and identical bytes at the BOTTOM, gathers both placements and requires:
//   * the two outputs are bit-identical, and
//   * both equal an fp32 CPU reference (tolerance 0: a gather is a copy, every bf16 value is
//     exactly representable in fp32, so any difference is a wrong read).
// The rest of both pools is filled with 0xFF bytes (a bf16 NaN), so a read that lands inside the
// pool but at the wrong place shows up as NaN; a read outside it is an illegal memory access.
//
// Output: ONE JSON line on stdout. Exit 0 = OK, 1 = FAIL, 77 = SKIP (no device, not enough free
// memory), 2 = bad arguments.
//
// Geometry (flags, or environment variables PATCHBAY_<NAME> with the flag's name upper-cased):
//   --pool-blocks 2600 --request-blocks 16 --block-size 880 --kv-heads 4 --head-dim 256
// Bench: --bench N [--bench-blocks 64] times the gather of a request at the BOTTOM of the pool
// (valid in every arm) with CUDA events (3 warm-up launches, N timed), and a device-to-device
// cudaMemcpy of the same bytes as the bandwidth ceiling.

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "attention/paged_gather.cuh"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitFail = 1;
constexpr int kExitUsage = 2;
constexpr int kExitSkip = 77;
constexpr double kTolerance = 0.0;

struct Geometry {
    long long pool_blocks = 2600;
    long long request_blocks = 16;
    long long block_size = 880;
    long long kv_heads = 4;
    long long head_dim = 256;
    long long bench = 0;
    long long bench_blocks = 64;

    long long block_stride() const { return kv_heads * block_size * head_dim; }
    long long pool_elems() const { return pool_blocks * block_stride(); }
};

std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20)
            out += ' ';
        else
            out += c;
    }
    return out + "\"";
}

std::string number(double value) {
    if (std::isnan(value)) return "null";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.9g", value);
    return buffer;
}

bool read_setting(const char* flag, const char* env_name, int argc, char** argv, long long& value) {
    if (const char* env = std::getenv(env_name)) value = std::atoll(env);
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], flag) == 0) value = std::atoll(argv[i + 1]);
    return value > 0 || std::strcmp(flag, "--bench") == 0;
}

bool parse_geometry(int argc, char** argv, Geometry& g) {
    bool ok = read_setting("--pool-blocks", "PATCHBAY_POOL_BLOCKS", argc, argv, g.pool_blocks);
    ok &= read_setting("--request-blocks", "PATCHBAY_REQUEST_BLOCKS", argc, argv, g.request_blocks);
    ok &= read_setting("--block-size", "PATCHBAY_BLOCK_SIZE", argc, argv, g.block_size);
    ok &= read_setting("--kv-heads", "PATCHBAY_KV_HEADS", argc, argv, g.kv_heads);
    ok &= read_setting("--head-dim", "PATCHBAY_HEAD_DIM", argc, argv, g.head_dim);
    ok &= read_setting("--bench", "PATCHBAY_BENCH", argc, argv, g.bench);
    ok &= read_setting("--bench-blocks", "PATCHBAY_BENCH_BLOCKS", argc, argv, g.bench_blocks);
    return ok && 2 * g.request_blocks <= g.pool_blocks && g.bench_blocks <= g.pool_blocks;
}

int print_skip(const std::string& reason, long long need, long long free_bytes) {
    std::printf("{\"skip\":%s,\"need_bytes\":%lld,\"free_bytes\":%lld}\n",
                json_string(reason).c_str(), need, free_bytes);
    return kExitSkip;
}

// Finite bf16 values in [-2, 2), as raw bits (round to nearest even from a float).
std::uint16_t to_bf16_bits(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    bits += 0x7FFFu + ((bits >> 16) & 1u);
    return static_cast<std::uint16_t>(bits >> 16);
}

float from_bf16_bits(std::uint16_t bits) {
    std::uint32_t wide = static_cast<std::uint32_t>(bits) << 16;
    float value;
    std::memcpy(&value, &wide, sizeof value);
    return value;
}

std::vector<std::uint16_t> request_data(long long elems, std::uint32_t seed) {
    std::vector<std::uint16_t> data(static_cast<size_t>(elems));
    std::uint32_t state = seed;
    for (auto& value : data) {
        state = state * 1664525u + 1013904223u;
        value = to_bf16_bits(static_cast<float>(state >> 8) / 4194304.0f - 2.0f);
    }
    return data;
}

struct Check {
    double max_err = 0.0;
    long long nan = 0;
};

// The fp32 reference of the gather: out[(i*block_size + tok)*kv_heads + head][dim] =
// src[i][head][tok][dim], with src the request's blocks as written into the pool.
Check check_against_reference(const Geometry& g, const std::vector<std::uint16_t>& src,
                              const std::vector<std::uint16_t>& out) {
    Check check;
    const long long head_stride = g.block_size * g.head_dim;
    for (long long i = 0; i < g.request_blocks; ++i)
        for (long long head = 0; head < g.kv_heads; ++head)
            for (long long tok = 0; tok < g.block_size; ++tok)
                for (long long dim = 0; dim < g.head_dim; ++dim) {
                    const long long s =
                        i * g.block_stride() + head * head_stride + tok * g.head_dim + dim;
                    const long long d =
                        ((i * g.block_size + tok) * g.kv_heads + head) * g.head_dim + dim;
                    const float got = from_bf16_bits(out[static_cast<size_t>(d)]);
                    if (std::isnan(got)) {
                        ++check.nan;
                        continue;
                    }
                    const double err =
                        std::fabs(static_cast<double>(got) -
                                  static_cast<double>(from_bf16_bits(src[static_cast<size_t>(s)])));
                    check.max_err = std::max(check.max_err, err);
                }
    return check;
}

struct Pools {
    __nv_bfloat16* k = nullptr;
    __nv_bfloat16* v = nullptr;
};

struct Outputs {
    __nv_bfloat16* k = nullptr;
    __nv_bfloat16* v = nullptr;
    int* table = nullptr;
};

std::string cuda_text(cudaError_t error) {
    return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

template <int HEAD_DIM>
cudaError_t gather(const Geometry& g, const Pools& pools, const Outputs& out, long long blocks) {
    cudaError_t launched = vllm::paged_gather<__nv_bfloat16, HEAD_DIM>(
        out.k, out.v, pools.k, pools.v, out.table, static_cast<int>(blocks),
        static_cast<int>(g.block_size), static_cast<int>(g.kv_heads), nullptr);
    if (launched != cudaSuccess) return launched;
    return cudaDeviceSynchronize();
}

cudaError_t gather_any(const Geometry& g, const Pools& pools, const Outputs& out,
                       long long blocks) {
    switch (g.head_dim) {
        case 64:
            return gather<64>(g, pools, out, blocks);
        case 128:
            return gather<128>(g, pools, out, blocks);
        default:
            return gather<256>(g, pools, out, blocks);
    }
}

cudaError_t make_outputs(long long elems, long long blocks, Outputs& out) {
    const size_t bytes = static_cast<size_t>(elems) * sizeof(__nv_bfloat16);
    cudaError_t error = cudaMalloc(&out.k, bytes);
    if (error == cudaSuccess) error = cudaMalloc(&out.v, bytes);
    if (error == cudaSuccess)
        error = cudaMalloc(&out.table, sizeof(int) * static_cast<size_t>(blocks));
    return error;
}

cudaError_t set_table(const Outputs& out, long long first_block, long long blocks) {
    std::vector<int> table(static_cast<size_t>(blocks));
    for (long long i = 0; i < blocks; ++i)
        table[static_cast<size_t>(i)] = static_cast<int>(first_block + i);
    return cudaMemcpy(out.table, table.data(), sizeof(int) * table.size(), cudaMemcpyHostToDevice);
}

// Writes `src` (a request of consecutive blocks) at block `first_block` of `pool`.
cudaError_t place(__nv_bfloat16* pool, const Geometry& g, long long first_block,
                  const std::vector<std::uint16_t>& src) {
    return cudaMemcpy(pool + first_block * g.block_stride(), src.data(),
                      src.size() * sizeof(std::uint16_t), cudaMemcpyHostToDevice);
}

cudaError_t copy_out(const Outputs& out, long long elems, std::vector<std::uint16_t>& k,
                     std::vector<std::uint16_t>& v) {
    k.resize(static_cast<size_t>(elems));
    v.resize(static_cast<size_t>(elems));
    const size_t bytes = k.size() * sizeof(std::uint16_t);
    cudaError_t error = cudaMemcpy(k.data(), out.k, bytes, cudaMemcpyDeviceToHost);
    if (error == cudaSuccess) error = cudaMemcpy(v.data(), out.v, bytes, cudaMemcpyDeviceToHost);
    return error;
}

long long needed_bytes(const Geometry& g) {
    const long long out_blocks =
        std::max(2 * g.request_blocks, g.bench > 0 ? 2 * g.bench_blocks : 0);
    const long long margin = 256ll << 20;  // CUDA context, tables, allocator slack
    return (2 * g.pool_elems() + 2 * out_blocks * g.block_stride()) * 2 + margin;
}

struct Placement {
    std::vector<std::uint16_t> k, v;
    Check check_k, check_v;
    std::string error;
};

Placement run_placement(const Geometry& g, const Pools& pools, const Outputs& out,
                        long long first_block, const std::vector<std::uint16_t>& src_k,
                        const std::vector<std::uint16_t>& src_v) {
    Placement p;
    cudaError_t error = set_table(out, first_block, g.request_blocks);
    if (error == cudaSuccess)
        error = cudaMemset(out.k, 0, static_cast<size_t>(g.request_blocks * g.block_stride()) * 2);
    if (error == cudaSuccess)
        error = cudaMemset(out.v, 0, static_cast<size_t>(g.request_blocks * g.block_stride()) * 2);
    if (error == cudaSuccess) error = gather_any(g, pools, out, g.request_blocks);
    if (error == cudaSuccess) error = copy_out(out, g.request_blocks * g.block_stride(), p.k, p.v);
    if (error != cudaSuccess) {
        p.error = cuda_text(error);
        return p;
    }
    p.check_k = check_against_reference(g, src_k, p.k);
    p.check_v = check_against_reference(g, src_v, p.v);
    return p;
}

double max_err(const Placement& p) {
    if (!p.error.empty()) return NAN;
    return std::max(p.check_k.max_err, p.check_v.max_err);
}

std::string nan_count(const Placement& p) {
    if (!p.error.empty()) return "null";
    return std::to_string(p.check_k.nan + p.check_v.nan);
}

bool passes(const Placement& p) {
    return p.error.empty() && p.check_k.nan + p.check_v.nan == 0 && max_err(p) <= kTolerance;
}

int check_mode(const Geometry& g, const Pools& pools) {
    Outputs out;
    if (cudaError_t error =
            make_outputs(g.request_blocks * g.block_stride(), g.request_blocks, out);
        error != cudaSuccess) {
        std::printf("{\"cuda_error\":%s}\n", json_string(cuda_text(error)).c_str());
        return kExitFail;
    }
    const long long elems = g.request_blocks * g.block_stride();
    const auto src_k = request_data(elems, 12345u);
    const auto src_v = request_data(elems, 67890u);
    const long long top = g.pool_blocks - g.request_blocks;
    cudaError_t error = place(pools.k, g, 0, src_k);
    if (error == cudaSuccess) error = place(pools.v, g, 0, src_v);
    if (error == cudaSuccess) error = place(pools.k, g, top, src_k);
    if (error == cudaSuccess) error = place(pools.v, g, top, src_v);
    if (error != cudaSuccess) {
        std::printf("{\"cuda_error\":%s}\n", json_string(cuda_text(error)).c_str());
        return kExitFail;
    }
    // Bottom first: a wrong read at the top may leave the context unusable.
    const Placement bottom = run_placement(g, pools, out, 0, src_k, src_v);
    const Placement top_run = run_placement(g, pools, out, top, src_k, src_v);
    const bool equal = bottom.error.empty() && top_run.error.empty() && bottom.k == top_run.k &&
                       bottom.v == top_run.v;
    const std::string cuda_error = !top_run.error.empty() ? top_run.error : bottom.error;
    std::printf(
        "{\"placement_equal\":%s,\"max_err_top\":%s,\"max_err_bottom\":%s,\"nan_top\":%s,"
        "\"nan_bottom\":%s,\"cuda_error\":%s,\"tolerance\":%s,\"pool_elements\":%lld,"
        "\"top_first_block\":%lld,\"top_last_offset\":%lld}\n",
        equal ? "true" : "false", number(max_err(top_run)).c_str(), number(max_err(bottom)).c_str(),
        nan_count(top_run).c_str(), nan_count(bottom).c_str(), json_string(cuda_error).c_str(),
        number(kTolerance).c_str(), g.pool_elems(), top, g.pool_elems() - 1);
    return equal && passes(bottom) && passes(top_run) ? kExitOk : kExitFail;
}

struct Timing {
    double median = 0, min = 0, max = 0;
};

Timing summarise(std::vector<float> ms) {
    std::sort(ms.begin(), ms.end());
    const size_t n = ms.size();
    const double median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2.0;
    return Timing{median, ms.front(), ms.back()};
}

template <class Launch>
std::vector<float> time_launches(long long reps, Launch launch) {
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    for (int i = 0; i < 3; ++i) launch();
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (long long i = 0; i < reps; ++i) {
        cudaEventRecord(start);
        launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float elapsed = 0;
        cudaEventElapsedTime(&elapsed, start, stop);
        ms.push_back(elapsed);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms;
}

int bench_mode(Geometry g, const Pools& pools) {
    g.request_blocks = g.bench_blocks;
    Outputs out;
    const long long elems = g.bench_blocks * g.block_stride();
    cudaError_t error = make_outputs(elems, g.bench_blocks, out);
    const auto src_k = request_data(elems, 12345u);
    const auto src_v = request_data(elems, 67890u);
    if (error == cudaSuccess) error = place(pools.k, g, 0, src_k);
    if (error == cudaSuccess) error = place(pools.v, g, 0, src_v);
    const Placement check = error == cudaSuccess ? run_placement(g, pools, out, 0, src_k, src_v)
                                                 : Placement{{}, {}, {}, {}, cuda_text(error)};
    if (!passes(check)) {
        std::printf("{\"bench\":%lld,\"cuda_error\":%s,\"max_err_bottom\":%s,\"nan_bottom\":%s}\n",
                    g.bench, json_string(check.error).c_str(), number(max_err(check)).c_str(),
                    nan_count(check).c_str());
        return kExitFail;
    }
    const Timing kernel = summarise(time_launches(g.bench, [&] {
        vllm::paged_gather<__nv_bfloat16, 256>(
            out.k, out.v, pools.k, pools.v, out.table, static_cast<int>(g.bench_blocks),
            static_cast<int>(g.block_size), static_cast<int>(g.kv_heads), nullptr);
    }));
    const size_t copy_bytes = static_cast<size_t>(elems) * 2;
    const Timing copy = summarise(time_launches(g.bench, [&] {
        cudaMemcpyAsync(out.k, pools.k, copy_bytes, cudaMemcpyDeviceToDevice);
        cudaMemcpyAsync(out.v, pools.v, copy_bytes, cudaMemcpyDeviceToDevice);
    }));
    error = cudaDeviceSynchronize();
    // Bytes moved: K and V, each read once and written once.
    const double moved = 2.0 * 2.0 * static_cast<double>(copy_bytes);
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    std::printf(
        "{\"bench\":%lld,\"placement\":\"bottom\",\"blocks\":%lld,\"bytes_moved\":%.0f,"
        "\"median_ms\":%s,\"min_ms\":%s,\"max_ms\":%s,\"gbps\":%s,\"copy_median_ms\":%s,"
        "\"copy_gbps\":%s,\"device\":%s,\"cuda_error\":%s}\n",
        g.bench, g.bench_blocks, moved, number(kernel.median).c_str(), number(kernel.min).c_str(),
        number(kernel.max).c_str(), number(moved / (kernel.median * 1e6)).c_str(),
        number(copy.median).c_str(), number(moved / (copy.median * 1e6)).c_str(),
        json_string(prop.name).c_str(),
        json_string(error == cudaSuccess ? "" : cuda_text(error)).c_str());
    return error == cudaSuccess ? kExitOk : kExitFail;
}

}  // namespace

int main(int argc, char** argv) {
    Geometry g;
    if (!parse_geometry(argc, argv, g) ||
        (g.head_dim != 64 && g.head_dim != 128 && g.head_dim != 256) ||
        (g.bench > 0 && g.head_dim != 256)) {
        std::fprintf(stderr,
                     "usage: %s [--pool-blocks N] [--request-blocks N] [--block-size N] "
                     "[--kv-heads N] [--head-dim 64|128|256] [--bench N [--bench-blocks N]]\n"
                     "(the bench runs with head dim 256; 2 x request blocks <= pool blocks)\n",
                     argv[0]);
        return kExitUsage;
    }
    int devices = 0;
    if (cudaError_t error = cudaGetDeviceCount(&devices); error != cudaSuccess || devices == 0)
        return print_skip(
            "no CUDA device: " + (error != cudaSuccess ? cuda_text(error) : "0 devices"),
            needed_bytes(g), 0);
    size_t free_bytes = 0, total_bytes = 0;
    cudaMemGetInfo(&free_bytes, &total_bytes);
    if (static_cast<long long>(free_bytes) < needed_bytes(g))
        return print_skip("not enough free GPU memory", needed_bytes(g),
                          static_cast<long long>(free_bytes));
    Pools pools;
    const size_t pool_bytes = static_cast<size_t>(g.pool_elems()) * sizeof(__nv_bfloat16);
    cudaError_t error = cudaMalloc(&pools.k, pool_bytes);
    if (error == cudaSuccess) error = cudaMalloc(&pools.v, pool_bytes);
    if (error == cudaSuccess) error = cudaMemset(pools.k, 0xFF, pool_bytes);  // bf16 NaN
    if (error == cudaSuccess) error = cudaMemset(pools.v, 0xFF, pool_bytes);
    if (error != cudaSuccess) {
        std::printf("{\"cuda_error\":%s}\n", json_string(cuda_text(error)).c_str());
        return kExitFail;
    }
    return g.bench > 0 ? bench_mode(g, pools) : check_mode(g, pools);
}
