#pragma once
// Values made ahead of their use on worker threads, one per key, in key order: the pristine
// files a series will read, say, while the caller is still busy elsewhere. The caller takes
// each value when it needs it; one nobody has started yet it makes itself, rather than wait
// behind the keys before it.

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace patchbay {

template <class Value>
class ReadAhead {
  public:
    // Makes the value of one key; nullopt when there is none (the caller makes it itself).
    using Maker = std::function<std::optional<Value>(const std::string& key)>;
    // Runs once on each worker before its first key (to open a handle of its own, say).
    using MakerFactory = std::function<Maker()>;
    // Runs once, on the first worker, before any key is made.
    using KeyList = std::function<std::vector<std::string>()>;

    ReadAhead(KeyList keys, MakerFactory factory, unsigned workers) {
        const unsigned count = std::max(1u, workers);
        threads_.emplace_back([this, keys = std::move(keys), factory] {
            publish_keys(keys());
            work(factory);
        });
        for (unsigned i = 1; i < count; ++i)
            threads_.emplace_back([this, factory] {
                wait_for_keys();
                work(factory);
            });
    }
    ~ReadAhead() {
        {
            std::lock_guard lock(mutex_);
            next_ = keys_.size();
            keys_known_ = true;  // a worker still listing keys finds nothing left to claim
        }
        wait_for_workers();
    }
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    // The value made for `key`, waiting while a worker makes it; nullopt when `key` is not
    // listed, was taken before, has no value, or no worker has started it (then none will).
    std::optional<Value> take(const std::string& key) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return keys_known_; });
        auto found = index_.find(key);
        if (found == index_.end()) return std::nullopt;
        auto& slot = slots_[found->second];
        if (slot.state == State::waiting || slot.state == State::taken) {
            slot.state = State::taken;
            return std::nullopt;
        }
        changed_.wait(lock, [&] { return slot.state == State::done; });
        slot.state = State::taken;
        return std::exchange(slot.value, std::nullopt);
    }

    // Waits until every key nobody took is made and the workers have ended.
    void wait_for_workers() {
        for (auto& thread : threads_)
            if (thread.joinable()) thread.join();
    }

  private:
    enum class State { waiting, making, done, taken };
    struct Slot {
        State state = State::waiting;
        std::optional<Value> value;
    };

    void publish_keys(std::vector<std::string> keys) {
        {
            std::lock_guard lock(mutex_);
            if (!keys_known_) {
                keys_ = std::move(keys);
                slots_.resize(keys_.size());
                for (std::size_t i = 0; i < keys_.size(); ++i) index_.emplace(keys_[i], i);
            }
            keys_known_ = true;
        }
        changed_.notify_all();
    }

    void wait_for_keys() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return keys_known_; });
    }

    void work(const MakerFactory& factory) {
        if (!claim_next(false)) return;  // nothing to make: no handle needed
        Maker make = factory();
        for (auto index = claim_next(true); index; index = claim_next(true))
            publish(*index, make ? make(keys_[*index]) : std::nullopt);
    }

    // The next waiting key, marked as being made when `claim`.
    std::optional<std::size_t> claim_next(bool claim) {
        std::lock_guard lock(mutex_);
        while (next_ < keys_.size() && slots_[next_].state != State::waiting) ++next_;
        if (next_ >= keys_.size()) return std::nullopt;
        if (!claim) return next_;
        slots_[next_].state = State::making;
        return next_++;
    }

    void publish(std::size_t index, std::optional<Value> value) {
        {
            std::lock_guard lock(mutex_);
            slots_[index].value = std::move(value);
            slots_[index].state = State::done;
        }
        changed_.notify_all();
    }

    std::vector<std::string> keys_;
    std::map<std::string, std::size_t> index_;
    std::vector<Slot> slots_;
    bool keys_known_ = false;
    std::size_t next_ = 0;  // no key before it is waiting
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::thread> threads_;  // last: started once everything above exists
};

}  // namespace patchbay
