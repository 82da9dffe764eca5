// Kernels jitted by a call: the names found, and the spellings that are not such a call.

#include "checks/python/jit_wrapped_names.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace patchbay {
namespace {

using Names = std::vector<std::string_view>;

TEST(JitWrappedNames, TheFirstArgumentOfTritonsJit) {
    EXPECT_EQ(jit_wrapped_names("_k = triton.jit(_k)\n"
                                "_k = triton.heuristics({'A': 1})(_k)\n"
                                "g = jit( g , do_not_specialize=['n'])\n"
                                "h = gluon.jit(h)\n"),
              (Names{"_k", "g", "h"}));
}

TEST(JitWrappedNames, EachNameOnce) {
    EXPECT_EQ(jit_wrapped_names("a = triton.jit(a)\nb = triton.jit(a)\n"), Names{"a"});
}

TEST(JitWrappedNames, DecoratorsOtherJitsAndExpressionsAreNone) {
    EXPECT_TRUE(jit_wrapped_names("@triton.jit(do_not_specialize=['n'])\ndef f(n):\n    pass\n"
                                  "  @jit(debug)\n"
                                  "f = numba.jit(f)\n"
                                  "f = myjit(f)\n"
                                  "f = triton.jit(make(f))\n"
                                  "f = triton.jit(1)\n"
                                  "f = triton.jit()\n")
                    .empty());
}

TEST(JitWrappedNames, AFileWithoutTheWordIsReadNoFurther) {
    EXPECT_TRUE(jit_wrapped_names("").empty());
    EXPECT_TRUE(jit_wrapped_names("x = 1\n").empty());
    EXPECT_TRUE(jit_wrapped_names("jit(").empty());
}

}  // namespace
}  // namespace patchbay
