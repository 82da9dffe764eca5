#pragma once
// Function-like macros that open a grid-stride loop: `CUDA_1D_KERNEL_LOOP(index, nthreads) {…}`
// (torchvision, detectron2, mmcv, caffe), PyTorch's `CUDA_KERNEL_LOOP(i, n)`, a file's own
// `#define KERNEL_LOOP(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; …)`. The loop
// they open is invisible to the analysis, which reads tokens, not the preprocessor's output:
// their uses are expanded into the tokens of the loop, so that the loop's index is judged as a
// written one is (a signed 32-bit index walking up to a 64-bit count, or stepping past 2^31 - 1).

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "checks/token.hpp"

namespace patchbay {

struct GridLoopMacro {
    std::string name;
    std::vector<std::string> parameters;
    std::string body;                // its replacement list, continuation lines joined
    std::vector<Token> body_tokens;  // viewing `body`
};

// `#define NAME(a, b) for (… blockIdx … gridDim …)`, a directive token's text, as a macro; none
// for any other directive. A body that uses another macro (`CUDA_1D_KERNEL_LOOP_T(i, n, int)`)
// is kept too: its expansion is expanded again.
std::optional<GridLoopMacro> parse_grid_loop_macro(std::string_view directive);

class GridLoopMacros {
  public:
    void add(GridLoopMacro macro);
    const GridLoopMacro* find(std::string_view name) const;
    bool empty() const { return macros_.empty(); }

    // The definitions of torchvision's and detectron2's `CUDA_1D_KERNEL_LOOP(_T)` (a signed
    // index stepping by the grid), and PyTorch's `CUDA_KERNEL_LOOP(_TYPE)` (ATen's
    // KernelUtils.h): its own counter is int64_t and `i`, of the index type, a copy of it; it is
    // modelled as that copy compared with `n` and stepped without `+=`, so that only a 64-bit
    // `n` makes it wrap, as it does.
    static const GridLoopMacros& builtin();

  private:
    // Held by pointer: the tokens view each macro's own body.
    std::vector<std::unique_ptr<GridLoopMacro>> macros_;
};

// `text` with each use `NAME(args)` of a macro of `own` (the file's definitions) or of the
// builtin ones written out: its body, the parameters replaced by the arguments' text, on the
// line of the use (the line breaks it covered follow it, so every later line keeps its number).
// Uses inside an expansion are expanded again, three levels deep. None when nothing was
// expanded; `tokens` are those of `text`. A file that spells neither "KERNEL_LOOP" nor a macro
// of its own is not read further.
std::optional<std::string> expand_grid_loop_macros(std::string_view text,
                                                   std::span<const Token> tokens,
                                                   const GridLoopMacros& own);

// Gives the tokens of `expanded` (expand_grid_loop_macros of `text`) the columns of `text`: a
// token of a written-out use takes the column of the macro's name, one after it its own.
void restore_columns(std::string_view text, std::string_view expanded, std::vector<Token>& tokens);

// The fix for a finding at a use of a loop macro: `use` is the file's text from the macro's name
// (`CUDA_KERNEL_LOOP(i, n) {`). PyTorch's and torchvision's have 64-bit variants to name; a
// file's own macro is fixed in its #define. None where `use` starts with no such macro.
std::optional<std::string> loop_macro_fix_hint(std::string_view use, const GridLoopMacros& own);

// The file's own grid-loop macros, from its directive tokens.
GridLoopMacros grid_loop_macros_of(std::span<const Token> tokens);

}  // namespace patchbay
