#include "checks/cpp/cpp_declarations.hpp"

#include <gtest/gtest.h>

#include <string>

namespace patchbay {
namespace {

TEST(BuiltinWidth, NarrowAndWideSpellings) {
    for (const char* narrow :
         {"int", "unsigned", "unsigned int", "int32_t", "uint32_t", "short", "char", "int16_t",
          "uint16_t", "int8_t", "uint8_t", "bool", "unsigned short", "signed char"})
        EXPECT_EQ(builtin_width(narrow), IntWidth::narrow) << narrow;
    for (const char* wide :
         {"int64_t", "uint64_t", "long long", "unsigned long long", "long", "unsigned long",
          "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "long int"})
        EXPECT_EQ(builtin_width(wide), IntWidth::wide) << wide;
    for (const char* other : {"float", "double", "index_t", "auto", "scalar_t", ""})
        EXPECT_EQ(builtin_width(other), IntWidth::unknown) << other;
}

TEST(TypeAliases, ChainsResolveInAnyOrder) {
    TypeAliases aliases;
    add_type_aliases(tokenize_cpp("using idx_t = index_type; typedef int32_t index_type;\n"
                                  "typedef std::int64_t big_t; using huge_t = big_t;\n"
                                  "typedef unsigned long long ull_t;"),
                     aliases);
    EXPECT_EQ(aliases.width_of("idx_t"), IntWidth::narrow);
    EXPECT_EQ(aliases.width_of("index_type"), IntWidth::narrow);
    EXPECT_EQ(aliases.width_of("huge_t"), IntWidth::wide);
    EXPECT_EQ(aliases.width_of("ull_t"), IntWidth::wide);
    EXPECT_EQ(aliases.width_of("unknown_t"), IntWidth::unknown);
}

TEST(TypeAliases, CyclesStructsPointersAndNamespacesAreNotWidths) {
    TypeAliases aliases;
    add_type_aliases(tokenize_cpp("using a_t = b_t; using b_t = a_t;\n"
                                  "typedef struct { int x; } pair_t;\n"
                                  "typedef int* int_ptr;\n"
                                  "using namespace std;\n"
                                  "using vec_t = std::vector<int>;"),
                     aliases);
    EXPECT_EQ(aliases.width_of("a_t"), IntWidth::unknown);
    EXPECT_FALSE(aliases.contains("pair_t"));
    EXPECT_FALSE(aliases.contains("int_ptr"));
    EXPECT_EQ(aliases.width_of("vec_t"), IntWidth::unknown);
}

// As the CUDA rule layers them: a file's own aliases over the tree's.
TEST(TypeAliases, TheFilesOwnAliasWinsOverTheTrees) {
    TypeAliases tree;
    add_type_aliases(tokenize_cpp("typedef int64_t stride_t;\ntypedef int64_t offset_t;"), tree);
    TypeAliases file(&tree);
    add_type_aliases(tokenize_cpp("typedef int stride_t;"), file);
    EXPECT_EQ(file.width_of("stride_t"), IntWidth::narrow);
    EXPECT_EQ(file.width_of("offset_t"), IntWidth::wide);
    EXPECT_EQ(tree.width_of("stride_t"), IntWidth::wide);
}

// flash-attention's kernels: `using index_t = typename Kernel_traits::index_t;` in a function
// names the traits' type; the tree's `using index_t = int64_t;` says what it is.
TEST(TypeAliases, AnAliasNamingItselfLeavesTheTreesStanding) {
    TypeAliases tree;
    add_type_aliases(tokenize_cpp("struct Flash_kernel_traits { using index_t = int64_t; };"),
                     tree);
    TypeAliases file(&tree);
    add_type_aliases(tokenize_cpp("using index_t = typename Kernel_traits::index_t;"), file);
    EXPECT_EQ(file.width_of("index_t"), IntWidth::wide);
}

// cuDF: `cudf::size_type` is int32_t at namespace scope, `span::size_type` a std::size_t inside
// the class, indented. Whichever file comes later, code outside the class means the first.
TEST(TypeAliases, AnIndentedAliasDoesNotReplaceOneAtTheStartOfItsLine) {
    TypeAliases aliases;
    add_type_aliases(tokenize_cpp("namespace cudf {\nusing size_type = int32_t;\n}\n"), aliases);
    add_type_aliases(tokenize_cpp("struct span {\n  using size_type = std::size_t;\n};\n"),
                     aliases);
    EXPECT_EQ(aliases.width_of("size_type"), IntWidth::narrow);
    TypeAliases reversed;
    add_type_aliases(tokenize_cpp("struct span {\n  using size_type = std::size_t;\n};\n"),
                     reversed);
    add_type_aliases(tokenize_cpp("namespace cudf {\nusing size_type = int32_t;\n}\n"), reversed);
    EXPECT_EQ(reversed.width_of("size_type"), IntWidth::narrow);
    // Two at the same indentation: the later one, as before.
    add_type_aliases(tokenize_cpp("typedef long size_type;\n"), reversed);
    EXPECT_EQ(reversed.width_of("size_type"), IntWidth::wide);
}

TEST(MatchBrackets, NestedAndUnbalanced) {
    auto tokens = tokenize_cpp("f(a[1], {b}) ) (");
    auto partner = match_brackets(tokens);
    EXPECT_EQ(partner[1], 10u);  // ( … )
    EXPECT_EQ(partner[3], 5u);   // [ … ]
    EXPECT_EQ(partner[7], 9u);   // { … }
    EXPECT_EQ(partner[11], static_cast<std::size_t>(-1));
    EXPECT_EQ(partner[12], static_cast<std::size_t>(-1));
}

std::vector<FunctionInfo> functions_of(std::string_view text, std::vector<Token>& tokens) {
    tokens = tokenize_cpp(text);
    return find_functions(tokens, match_brackets(tokens));
}

TEST(FindFunctions, KernelParametersAndTemplateValues) {
    std::vector<Token> tokens;
    auto functions = functions_of(
        "namespace v {\ntemplate <typename T, int HEAD_DIM>\n"
        "__global__ void __launch_bounds__(256) kern(T* __restrict__ out,\n"
        "    const int* __restrict__ block_table, const int64_t stride, unsigned n = 4) {\n"
        "  if (n) { return; }\n}\n}\n",
        tokens);
    ASSERT_EQ(functions.size(), 1u);
    const auto& f = functions[0];
    EXPECT_EQ(f.name, "kern");
    ASSERT_EQ(f.parameters.size(), 5u);
    EXPECT_EQ(f.parameters[0].name, "HEAD_DIM");
    EXPECT_EQ(f.parameters[0].type, "int");
    EXPECT_EQ(f.parameters[1].name, "out");
    EXPECT_TRUE(f.parameters[1].is_pointer);
    EXPECT_EQ(f.parameters[2].name, "block_table");
    EXPECT_EQ(f.parameters[2].type, "int");
    EXPECT_TRUE(f.parameters[2].is_pointer);
    EXPECT_EQ(f.parameters[3].type, "int64_t");
    EXPECT_FALSE(f.parameters[3].is_pointer);
    EXPECT_EQ(f.parameters[4].type, "unsigned");
    EXPECT_EQ(tokens[f.body_begin].line, 4);
    EXPECT_EQ(tokens[f.body_end].line, 6);
}

// `int64_t (*offsets)[2]` is a pointer to arrays of int64_t; `__shared__ int s[32]` an array
// of shared memory; `int ids[4]` a register array.
TEST(FindFunctions, PointerToArrayParameterAndArrayLocals) {
    std::vector<Token> tokens;
    auto functions = functions_of(
        "__device__ void f(const uint32_t s, int64_t (*offsets)[2]) {\n"
        "  __shared__ int shared_ids[32];\n"
        "  int ids[4];\n"
        "  int* p;\n"
        "}\n",
        tokens);
    ASSERT_EQ(functions.size(), 1u);
    const auto& f = functions[0];
    ASSERT_EQ(f.parameters.size(), 2u);
    EXPECT_EQ(f.parameters[1].name, "offsets");
    EXPECT_EQ(f.parameters[1].type, "int64_t");
    EXPECT_TRUE(f.parameters[1].is_pointer);
    ASSERT_EQ(f.locals.size(), 3u);
    EXPECT_TRUE(f.locals[0].is_array);
    EXPECT_TRUE(f.locals[0].is_shared);
    EXPECT_TRUE(f.locals[1].is_array);
    EXPECT_FALSE(f.locals[1].is_shared);
    EXPECT_FALSE(f.locals[2].is_array);
    EXPECT_TRUE(f.locals[2].is_pointer);
}

TEST(FindFunctions, ControlStatementsCallsAndConstructorsAreNotFunctions) {
    std::vector<Token> tokens;
    auto functions = functions_of(
        "struct S { S(int a) : x(a) { } int x; int get() const { return x; } };\n"
        "void g() { while (true) { h(); } }\n",
        tokens);
    // A constructor with member initializers is skipped (a known gap): `x(a)` is no function.
    ASSERT_EQ(functions.size(), 2u);
    EXPECT_EQ(functions[0].name, "get");
    EXPECT_EQ(functions[1].name, "g");
}

// Apex's and TransformerEngine's multi-tensor kernels are functors: the body of `operator()` is
// a function with its parameters (the second parentheses), not the first empty pair.
TEST(FindFunctions, AFunctorsCallOperatorIsAFunction) {
    std::vector<Token> tokens;
    auto functions = functions_of(
        "template <typename T> struct AdamFunctor {\n"
        "  __device__ void operator()(int chunk_size, TensorListMetadata<4>& tl) {\n"
        "    int chunk_idx = tl.block_to_chunk[blockIdx.x];\n"
        "  }\n"
        "};\n",
        tokens);
    ASSERT_EQ(functions.size(), 1u);
    EXPECT_EQ(functions[0].name, "operator");
    ASSERT_EQ(functions[0].parameters.size(), 2u);
    EXPECT_EQ(functions[0].parameters[0].name, "chunk_size");
    EXPECT_EQ(functions[0].parameters[0].type, "int");
    EXPECT_EQ(functions[0].parameters[1].name, "tl");
    ASSERT_EQ(functions[0].locals.size(), 1u);
    EXPECT_EQ(functions[0].locals[0].name, "chunk_idx");
}

TEST(FindFunctions, LocalsWithTypesPointersAndScopes) {
    std::vector<Token> tokens;
    auto functions = functions_of(
        "void f(const int* t) {\n"
        "  const int a = t[0], *p = t;\n"
        "  int64_t b, c;\n"
        "  auto d = a * 2;\n"
        "  for (int e = 0; e < a; ++e) { std::size_t g{e}; }\n"
        "  out[a] = b;\n"
        "  x = y;\n"
        "  float s[4];\n"
        "}\n",
        tokens);
    ASSERT_EQ(functions.size(), 1u);
    const auto& locals = functions[0].locals;
    ASSERT_EQ(locals.size(), 8u);
    std::vector<std::string> names, types;
    for (const auto& decl : locals) {
        names.emplace_back(decl.name);
        types.push_back(decl.type);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"a", "p", "b", "c", "d", "e", "g", "s"}));
    EXPECT_EQ(types, (std::vector<std::string>{"int", "int", "int64_t", "int64_t", "auto", "int",
                                               "size_t", "float"}));
    EXPECT_FALSE(locals[0].is_pointer);
    EXPECT_TRUE(locals[1].is_pointer);
    EXPECT_TRUE(locals[7].is_pointer);  // an array
    EXPECT_EQ(tokens[locals[0].init_begin].text, "t");
    EXPECT_EQ(locals[0].init_end - locals[0].init_begin, 4u);  // t [ 0 ]
    EXPECT_EQ(tokens[locals[6].init_begin].text, "e");         // braced initializer
    EXPECT_EQ(tokens[locals[6].scope_end].line, 5);            // the inner block's '}'
    EXPECT_EQ(tokens[locals[0].scope_end].line, 9);
}

}  // namespace
}  // namespace patchbay
