#include "tool/cli.hpp"

#include <cstdio>

namespace patchbay {

int run_cli(int, char**) {
    std::fputs("patchbay: not yet\n", stderr);
    return 2;
}

}  // namespace patchbay
