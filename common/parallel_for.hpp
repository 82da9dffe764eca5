#pragma once
// The one worker utility of patchbay: spreads independent work (the files of an audit, the
// patches of a reversal check) over threads. A shared counter hands out the next index, so a big
// item does not hold up a fixed share of the others. Each index is done by
// exactly one thread; callers write results into a slot per index and merge them in index order
// afterwards, so the outcome does not depend on the number of threads.

#include <cstddef>
#include <functional>

namespace patchbay {

// Calls `work(i)` for every i in [0, count) on up to `jobs` threads (the calling thread is one
// of them) and returns when all calls are done. jobs <= 1 runs everything on the calling thread.
// An exception thrown by `work` stops the handing out of indices and is rethrown here.
void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work);

}  // namespace patchbay
