# The tests that are scripts (tests/integration/): the Debian package, the pre-commit hooks, the
# example CI workflow and the progress line. Each runs the patchbay just built and exits 77 with
# its reason on stdout when a tool it needs is missing (dpkg-deb, pre-commit, python3-yaml), so
# ctest shows it as skipped, not passed.
find_package(Python3 COMPONENTS Interpreter)

function(patchbay_integration_test name)
    cmake_parse_arguments(TEST "" "" "COMMAND;LABELS" ${ARGN})
    add_test(NAME Integration.${name} COMMAND ${TEST_COMMAND})
    set_tests_properties(Integration.${name} PROPERTIES
        SKIP_RETURN_CODE 77
        LABELS "integration;${TEST_LABELS}"
        ENVIRONMENT "PATCHBAY_BINARY=$<TARGET_FILE:patchbay>;PATCHBAY_SOURCE_DIR=${CMAKE_SOURCE_DIR};PATCHBAY_BUILD_DIR=${CMAKE_BINARY_DIR}")
endfunction()

set(PATCHBAY_INTEGRATION ${CMAKE_SOURCE_DIR}/tests/integration)
patchbay_integration_test(DebianPackage LABELS package
    COMMAND bash ${PATCHBAY_INTEGRATION}/package_test.sh)
patchbay_integration_test(PreCommitHooks LABELS pre-commit
    COMMAND bash ${PATCHBAY_INTEGRATION}/pre_commit_test.sh)
if(Python3_FOUND)
    patchbay_integration_test(CiWorkflow LABELS ci
        COMMAND ${Python3_EXECUTABLE} ${PATCHBAY_INTEGRATION}/ci_workflow_test.py)
    patchbay_integration_test(ProgressOnTerminalOnly LABELS progress
        COMMAND ${Python3_EXECUTABLE} ${PATCHBAY_INTEGRATION}/progress_test.py)
endif()
# cpack runs dpkg-shlibdeps and compresses the package; the others run git and pre-commit.
set_tests_properties(Integration.DebianPackage Integration.PreCommitHooks PROPERTIES TIMEOUT 300)
