#include "checks/cpp/cpp_member_types.hpp"

#include <gtest/gtest.h>

#include "checks/cpp/cpp_declarations.hpp"

namespace patchbay {
namespace {

MemberTypes members_of(std::string_view text, const MemberTypes* inherited = nullptr) {
    MemberTypes members(inherited);
    auto tokens = tokenize_cpp(text);
    add_member_types(tokens, members);
    return members;
}

// The shape of FlashInfer's paged_kv_t and of a FlashAttention-style params struct.
constexpr std::string_view kStructs = R"(
template <typename DType, typename IdType>
struct paged_kv_t {
  uint32_t page_size;
  uint32_t stride_page, stride_n;
  DType* k_data;
  IdType* indices;
  static constexpr int kVecSize = 8;
  using index_type = int64_t;
  paged_kv_t() : page_size(0), stride_page(0) {}
  __device__ size_t get_elem_offset(size_t page_idx) const { return page_idx * stride_page; }
  int with_brace_init{0};
  int with_default = scale(2);
 private:
  int private_member;
};
)";

TEST(MemberTypes, DataMembersHaveTheirDeclaredTypes) {
    auto members = members_of(kStructs);
    ASSERT_NE(members.find("page_size"), nullptr);
    EXPECT_EQ(*members.find("page_size"), (MemberType{"uint32_t", false}));
    EXPECT_EQ(*members.find("stride_n"), (MemberType{"uint32_t", false}));  // second declarator
    EXPECT_EQ(*members.find("indices"), (MemberType{"IdType", true}));
    EXPECT_EQ(*members.find("k_data"), (MemberType{"DType", true}));
    ASSERT_NE(members.find("with_brace_init"), nullptr);
    ASSERT_NE(members.find("with_default"), nullptr);
    ASSERT_NE(members.find("private_member"), nullptr);
}

TEST(MemberTypes, MethodsStaticsAndAliasesAreNotDataMembers) {
    auto members = members_of(kStructs);
    EXPECT_EQ(members.find("kVecSize"), nullptr);
    EXPECT_EQ(members.find("index_type"), nullptr);
    EXPECT_EQ(members.find("get_elem_offset"), nullptr);
    EXPECT_EQ(members.find("paged_kv_t"), nullptr);
    EXPECT_EQ(members.find("page_idx"), nullptr);  // a parameter of a method
}

TEST(MemberTypes, ANameDeclaredTwoWaysHasNoType) {
    auto members = members_of(
        "struct A { int stride; int rows; };\n"
        "struct B { int64_t stride; int rows; };\n");
    EXPECT_EQ(members.find("stride"), nullptr);
    ASSERT_NE(members.find("rows"), nullptr);
    EXPECT_EQ(members.find("rows")->type, "int");
}

TEST(MemberTypes, OnlyClassBodiesAreRead) {
    auto members = members_of(
        "enum class Mode { a, b };\n"
        "struct Forward;\n"
        "template <class T> __global__ void kernel(T* x) { int local = 0; }\n"
        "void f() { struct Params p; int other; }\n"
        "union Bits { uint32_t word; float value; };\n");
    EXPECT_EQ(members.find("local"), nullptr);
    EXPECT_EQ(members.find("other"), nullptr);
    EXPECT_EQ(members.find("p"), nullptr);
    ASSERT_NE(members.find("word"), nullptr);
    EXPECT_EQ(members.find("word")->type, "uint32_t");
}

TEST(MemberTypes, AFilesOwnMembersSitOverTheTrees) {
    auto tree = members_of("struct Params { int stride; int64_t rows; };");
    auto file = members_of("struct Params { int64_t stride; };", &tree);
    EXPECT_EQ(file.find("stride")->type, "int64_t");
    EXPECT_EQ(file.find("rows")->type, "int64_t");
    EXPECT_EQ(file.find("missing"), nullptr);
}

TEST(TreeTypes, HeadersShareTheirMembersAndAliasesSourcesKeepTheirOwn) {
    AuditTree tree;
    tree.files = {
        {"a.cuh", "using index_t = uint32_t;\nstruct P { index_t stride; };\n", Language::cuda},
        {"b.cu", "struct Q { int only_here; };\n", Language::cuda},
        {"c.h", "struct R { int64_t rows; };\n", Language::cuda},
        {"d.py", "class S:\n    x: int = 0\n", Language::python}};
    auto types = tree_types(tree);
    ASSERT_NE(types.members.find("stride"), nullptr);
    EXPECT_EQ(types.members.find("stride")->type, "index_t");
    EXPECT_EQ(types.aliases.width_of("index_t"), IntWidth::narrow);
    ASSERT_NE(types.members.find("rows"), nullptr);
    EXPECT_EQ(types.members.find("only_here"), nullptr);
    EXPECT_EQ(types.members.find("x"), nullptr);
}

}  // namespace
}  // namespace patchbay
