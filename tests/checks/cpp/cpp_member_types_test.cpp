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

// Mamba's selective_scan.h before its fix (state-spaces/mamba #881): each params struct declares
// its own `index_t`; a derived struct's members use its base's.
constexpr std::string_view kScopedAliases = R"(
struct SSMScanParamsBase {
    using index_t = uint32_t;
    int batch, seqlen, n_chunks;
    index_t a_batch_stride;
};
struct SSMParamsBase {
    index_t u_batch_stride;  // declared above the alias that spells it
    typedef uint32_t index_t;
};
struct SSMParamsBwd: public SSMParamsBase {
    index_t dout_batch_stride;
};
struct FlashParams {
    using index_t = int64_t;
    index_t q_batch_stride;
    struct Inner { index_t inner_stride; };
};
)";

TEST(MemberTypes, AMembersTypeIsReadInItsClasssScope) {
    auto members = members_of(kScopedAliases);
    ASSERT_NE(members.find("a_batch_stride"), nullptr);
    EXPECT_EQ(members.find("a_batch_stride")->type, "uint32_t");
    ASSERT_NE(members.find("u_batch_stride"), nullptr);
    EXPECT_EQ(members.find("u_batch_stride")->type, "uint32_t");
    ASSERT_NE(members.find("q_batch_stride"), nullptr);
    EXPECT_EQ(members.find("q_batch_stride")->type, "int64_t");
    // A nested class sees the aliases of the class around it.
    ASSERT_NE(members.find("inner_stride"), nullptr);
    EXPECT_EQ(members.find("inner_stride")->type, "int64_t");
}

TEST(MemberTypes, ADerivedClassReadsItsBasesAliases) {
    auto members = members_of(kScopedAliases);
    ASSERT_NE(members.find("dout_batch_stride"), nullptr);
    EXPECT_EQ(members.find("dout_batch_stride")->type, "uint32_t");
    // A base read in another file of the tree (a header) counts too.
    auto file = members_of("struct Bwd : SSMParamsBase { index_t dx_stride; };", &members);
    ASSERT_NE(file.find("dx_stride"), nullptr);
    EXPECT_EQ(file.find("dx_stride")->type, "uint32_t");
}

TEST(MemberTypes, AClassNameDeclaredTwiceLendsNoAliases) {
    auto members = members_of(
        "struct P { using index_t = uint32_t; };\n"
        "struct P { using index_t = int64_t; };\n"
        "struct D : P { index_t stride; };\n");
    ASSERT_NE(members.find("stride"), nullptr);
    EXPECT_EQ(members.find("stride")->type, "index_t");
}

TEST(MemberTypes, OneSpellingOfTwoClassesWithDifferentAliasesHasNoType) {
    auto members = members_of(
        "struct A { using index_t = uint32_t; index_t stride; };\n"
        "struct B { using index_t = int64_t; index_t stride; };\n");
    EXPECT_EQ(members.find("stride"), nullptr);
}

// The scope of an anonymous class outlives the file that declares it: a class nested in it
// lends its aliases to a class of another header derived from it (this once read freed memory
// on vLLM's and TransformerEngine's headers).
TEST(TreeTypes, AClassNestedInAnAnonymousOneLendsItsAliasesToAnotherHeader) {
    AuditTree tree;
    tree.files = {
        {"a.cuh", "struct { using index_t = uint32_t; struct Inner { index_t a; }; } g;\n",
         Language::cuda},
        {"b.cuh", "struct Derived : Inner { index_t b; };\n", Language::cuda}};
    auto types = tree_types(tree);
    ASSERT_NE(types.members.find("a"), nullptr);
    EXPECT_EQ(types.members.find("a")->type, "uint32_t");
    ASSERT_NE(types.members.find("b"), nullptr);
    EXPECT_EQ(types.members.find("b")->type, "uint32_t");
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
