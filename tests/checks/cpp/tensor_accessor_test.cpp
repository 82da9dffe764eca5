#include "checks/cpp/tensor_accessor.hpp"

#include <gtest/gtest.h>

#include <string>

#include "checks/cpp/cpp_tokenizer.hpp"

namespace patchbay {
namespace {

// The accessor declared in front of the name `name` in `text`.
std::optional<TensorAccessor> accessor_named(const std::string& text, std::string_view name) {
    auto tokens = tokenize_cpp(text);
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i].text == name) return tensor_accessor(tokens, i);
    ADD_FAILURE() << "no token " << name;
    return std::nullopt;
}

TEST(TensorAccessor, ReadsTheElementTypeAndDimensionsOfEachSpelling) {
    auto fbgemm = accessor_named(
        "void k(const pta::PackedTensorAccessor32<int32_t, 1, at::RestrictPtrTraits> ids)", "ids");
    ASSERT_TRUE(fbgemm);
    EXPECT_EQ(fbgemm->element, "int32_t");
    EXPECT_EQ(fbgemm->dims, 1);
    EXPECT_TRUE(fbgemm->offsets_32bit);
    auto wide = accessor_named("void k(at::PackedTensorAccessor64<std::int64_t, 3> const& x)", "x");
    ASSERT_TRUE(wide);
    EXPECT_EQ(wide->element, "int64_t");
    EXPECT_EQ(wide->dims, 3);
    EXPECT_FALSE(wide->offsets_32bit);
    auto generic = accessor_named(
        "void k(at::GenericPackedTensorAccessor<unsigned char, 2, at::DefaultPtrTraits, int32_t> "
        "__restrict__ m)",
        "m");
    ASSERT_TRUE(generic);
    EXPECT_EQ(generic->element, "unsigned char");
    EXPECT_TRUE(generic->offsets_32bit);
    auto nested = accessor_named("void k(TensorAccessor<int, 1, Traits<int>> t)", "t");
    ASSERT_TRUE(nested);
    EXPECT_EQ(nested->element, "int");
}

TEST(TensorAccessor, OtherTypesAndUnknownDimensionsAreNone) {
    EXPECT_FALSE(accessor_named("void k(std::vector<int, Alloc> v)", "v"));
    EXPECT_FALSE(accessor_named("void k(const int* p)", "p"));
    EXPECT_FALSE(accessor_named("template <int N> void k(PackedTensorAccessor64<int, N> a)", "a"));
}

}  // namespace
}  // namespace patchbay
