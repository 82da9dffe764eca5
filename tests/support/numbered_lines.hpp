#pragma once
// `seq 1 COUNT` as a text, one number per line, with some lines changed: the files the
// regenerate tests edit.

#include <map>
#include <string>

namespace patchbay::test_support {

inline std::string numbered_lines(int count, const std::map<int, std::string>& replaced = {}) {
    std::string out;
    for (int i = 1; i <= count; ++i)
        out += (replaced.count(i) ? replaced.at(i) : std::to_string(i)) + "\n";
    return out;
}

}  // namespace patchbay::test_support
