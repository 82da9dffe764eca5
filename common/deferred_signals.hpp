#pragma once
// Ctrl-C, a terminal closing or `kill` (SIGINT, SIGHUP, SIGTERM) must not stop patchbay between
// creating a temporary file and renaming it, or between the renames of a series write: those
// signals wait while a DeferredSignals lives and take effect, with their usual action, once the
// last one ends. SIGKILL cannot wait; what it leaves is found by the next run
// (common/stale_temporaries.hpp, common/journaled_write.hpp).

#include <signal.h>

namespace patchbay {

class DeferredSignals {
  public:
    DeferredSignals();
    ~DeferredSignals();
    DeferredSignals(const DeferredSignals&) = delete;
    DeferredSignals& operator=(const DeferredSignals&) = delete;

  private:
    sigset_t previous_;
};

}  // namespace patchbay
