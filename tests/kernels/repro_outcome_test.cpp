#include "kernels/repro_outcome.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

ChildResult exited(int code, std::string out, std::string err = "") {
    ChildResult child;
    child.exit_code = code;
    child.out = std::move(out);
    child.err = std::move(err);
    child.seconds = 2.5;
    return child;
}

TEST(ReproOutcome, IllegalAccessAtTheTopIsAFailWithTheCudaText) {
    auto outcome = interpret(
        "bigpool",
        exited(
            1,
            R"({"placement_equal":false,"max_err_top":null,"max_err_bottom":0,)"
            R"("nan_top":null,"nan_bottom":0,"cuda_error":"cudaErrorIllegalAddress: an illegal memory access was encountered","tolerance":0})"
            "\n"),
        300);
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail,
              "CUDA error: cudaErrorIllegalAddress: an illegal memory access was encountered");
}

TEST(ReproOutcome, SilentNanIsAFailWithTheCount) {
    auto outcome =
        interpret("bigpool",
                  exited(1, R"({"placement_equal":false,"max_err_top":0,"max_err_bottom":0,)"
                            R"("nan_top":901120,"nan_bottom":0,"cuda_error":"","tolerance":0})"),
                  300);
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail, "901120 NaN at the top placement");
}

TEST(ReproOutcome, DifferentPlacementsWithoutNanOrErrorSaySo) {
    auto outcome =
        interpret("bigpool",
                  exited(1, R"({"placement_equal":false,"max_err_top":0.5,"max_err_bottom":0,)"
                            R"("nan_top":0,"nan_bottom":0,"cuda_error":"","tolerance":0})"),
                  300);
    EXPECT_EQ(outcome.detail, "max error 0.5 at the top placement");
}

TEST(ReproOutcome, PassIsOkWithTheErrors) {
    auto outcome =
        interpret("bigpool",
                  exited(0, R"({"placement_equal":true,"max_err_top":0,"max_err_bottom":0,)"
                            R"("nan_top":0,"nan_bottom":0,"cuda_error":"","tolerance":0})"),
                  300);
    EXPECT_EQ(outcome.status, ReproStatus::ok);
    EXPECT_EQ(outcome.detail, "top == bottom bit for bit; max error top 0, bottom 0");
}

TEST(ReproOutcome, Exit77IsASkipWithTheNumbers) {
    auto outcome = interpret(
        "bigpool",
        exited(
            77,
            R"({"skip":"not enough free GPU memory","need_bytes":10737418240,"free_bytes":5368709120})"),
        300);
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "not enough free GPU memory: needs 10.0 GiB, 5.0 GiB free");
}

TEST(ReproOutcome, TimeoutAndSignalAreFailures) {
    ChildResult hung;
    hung.timed_out = true;
    EXPECT_EQ(interpret("x", hung, 1).detail, "timed out after 1s");
    EXPECT_EQ(interpret("x", hung, 1).status, ReproStatus::fail);
    ChildResult crashed;
    crashed.signal = 6;
    EXPECT_EQ(interpret("x", crashed, 1).detail, "killed by SIGABRT");
}

TEST(ReproOutcome, APlainFailingProgramGivesItsExitStatusAndLastErrorLine) {
    auto outcome =
        interpret("py", exited(1, "", "collected 3 items\nFAILED test_gather.py::test_top\n"), 60);
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail, "exit status 1; FAILED test_gather.py::test_top");
}

TEST(ReproOutcome, TailLines) {
    EXPECT_EQ(tail_lines("a\nb\nc\n", 2), "b\nc\n");
    EXPECT_EQ(tail_lines("a\nb\nc", 1), "c");
    EXPECT_EQ(tail_lines("a\n", 5), "a\n");
}

}  // namespace
}  // namespace patchbay
