// patchbay-man TEMPLATE OUTPUT: writes the man page, TEMPLATE with its generated parts filled in
// (tool/man_page.hpp). Run at build time (cmake/Install.cmake); not installed.
#include <fstream>
#include <iostream>
#include <sstream>

#include "common/atomic_write.hpp"
#include "tool/man_page.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: patchbay-man TEMPLATE OUTPUT\n";
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream page;
    page << in.rdbuf();
    if (!in) {
        std::cerr << "patchbay-man: cannot read " << argv[1] << "\n";
        return 2;
    }
    auto written = patchbay::write_atomically(
        argv[2], patchbay::fill_man_page(page.str(), patchbay::commands()));
    if (!written) {
        std::cerr << "patchbay-man: " << written.error().located() << "\n";
        return 2;
    }
    return 0;
}
