#include "tool/cli.hpp"

int main(int argc, char** argv) { return patchbay::run_cli(argc, argv); }
