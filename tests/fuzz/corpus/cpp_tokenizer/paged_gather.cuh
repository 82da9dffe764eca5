#pragma once
// Gathers one request's K and V blocks out of the paged KV cache into two
// contiguous buffers, so a dense attention kernel can read them.

#include <cstdint>

#include <cuda_runtime.h>

namespace vllm {

// k_cache, v_cache: [num_pool_blocks, kv_heads, block_size, HEAD_DIM]
// out_k, out_v:     [num_blocks * block_size, kv_heads, HEAD_DIM]
// One CUDA block per (logical block of the request, kv head).
template <typename scalar_t, int HEAD_DIM>
__global__ void paged_gather_kernel(scalar_t* __restrict__ out_k, scalar_t* __restrict__ out_v,
                                    const scalar_t* __restrict__ k_cache,
                                    const scalar_t* __restrict__ v_cache,
                                    const int* __restrict__ block_table, const int64_t block_stride,
                                    const int head_stride, const int block_size,
                                    const int kv_heads) {
    const int i = blockIdx.x;
    const int head = blockIdx.y;
    // Pools pass 2^31 elements: the block offset must be computed in 64 bits.
    const int64_t block_id = block_table[i];
    const int64_t src_base = block_id * block_stride + head * head_stride;
    const int64_t dst_row = static_cast<int64_t>(i) * block_size;
    const int elems = block_size * HEAD_DIM;
    for (int e = threadIdx.x; e < elems; e += blockDim.x) {
        const int tok = e / HEAD_DIM;
        const int dim = e % HEAD_DIM;
        const int64_t dst = ((dst_row + tok) * kv_heads + head) * HEAD_DIM + dim;
        out_k[dst] = k_cache[src_base + e];
        out_v[dst] = v_cache[src_base + e];
    }
}

// Launches the gather for `num_blocks` logical blocks on `stream`.
template <typename scalar_t, int HEAD_DIM>
cudaError_t paged_gather(scalar_t* out_k, scalar_t* out_v, const scalar_t* k_cache,
                         const scalar_t* v_cache, const int* block_table, int num_blocks,
                         int block_size, int kv_heads, cudaStream_t stream) {
    const int64_t block_stride = static_cast<int64_t>(kv_heads) * block_size * HEAD_DIM;
    const int head_stride = block_size * HEAD_DIM;
    const dim3 grid(num_blocks, kv_heads);
    paged_gather_kernel<scalar_t, HEAD_DIM>
        <<<grid, 256, 0, stream>>>(out_k, out_v, k_cache, v_cache, block_table, block_stride,
                                   head_stride, block_size, kv_heads);
    return cudaGetLastError();
}

}  // namespace vllm
