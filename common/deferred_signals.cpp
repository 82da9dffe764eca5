#include "common/deferred_signals.hpp"

#include <pthread.h>

namespace patchbay {

namespace {

sigset_t deferred_set() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGTERM);
    return set;
}

}  // namespace

// Only the calling thread's mask changes: patchbay writes from its main thread, and its worker
// threads (common/parallel_for.hpp) have ended before any write begins.
DeferredSignals::DeferredSignals() {
    sigset_t set = deferred_set();
    pthread_sigmask(SIG_BLOCK, &set, &previous_);
}

// Restoring the mask delivers a signal that came meanwhile, before this returns.
DeferredSignals::~DeferredSignals() {
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

}  // namespace patchbay
