#pragma once
// Progress on long work (the series, the reproducers' builds and runs) on stderr: redrawn in
// place only when stderr is a terminal, or written as plain lines when asked (`--progress
// always`, for a CI log), never otherwise, so pipes and logs stay clean by default. Drawing is
// the tool's business: the libraries only call back (series/series_runner.hpp's Progress).

#include <chrono>
#include <string>
#include <string_view>

#include "series/series_runner.hpp"

namespace patchbay {

enum class ProgressMode { automatic, always, never };
enum class ProgressStyle { off, redraw, lines };

bool parse_progress_mode(std::string_view text, ProgressMode& mode);
// automatic: redraw on a terminal whose TERM (null: unset) is not "dumb", else off. always:
// redraw there, plain lines elsewhere.
ProgressStyle progress_style(ProgressMode mode, bool stderr_is_tty, const char* term);

class ProgressLine {
  public:
    // On a terminal nothing is drawn until `quiet` has passed since construction: quick runs
    // stay silent. Plain lines (ProgressStyle::lines) are written from the start.
    explicit ProgressLine(ProgressStyle style,
                          std::chrono::milliseconds quiet = std::chrono::milliseconds(0));
    ~ProgressLine();  // clears a line drawn in place
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void show(std::string_view text);
    void clear();

  private:
    ProgressStyle style_;
    std::chrono::steady_clock::time_point shown_after_;
    bool drawn_ = false;
};

// The series runner's callback: "[index/count] name" on `line`.
Progress series_progress(ProgressLine& line);

}  // namespace patchbay
