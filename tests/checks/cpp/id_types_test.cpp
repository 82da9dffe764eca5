#include "checks/cpp/id_types.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(IdTypes, FloatsHoldNoIds) {
    for (const char* type : {"float", "double", "__half", "__nv_bfloat16", "float4", "fp8_e4m3"})
        EXPECT_TRUE(is_non_integer_type(type)) << type;
    for (const char* type : {"float", "__half", "scalar_t", "T", "DTypeKV"})
        EXPECT_FALSE(unseen_type_holds_ids(type)) << type;
}

TEST(IdTypes, IdSpellingsAndUndeclaredTypesHoldIds) {
    for (const char* type :
         {"IdType", "index_t", "IdxT", "slot_id", "page_id_t", "INDEX", "ROW_ID", ""})
        EXPECT_TRUE(unseen_type_holds_ids(type)) << type;
}

TEST(IdTypes, SizeNamesAreSizes) {
    for (const char* name :
         {"row_length", "hidden_size", "stride_m", "head_dim", "num_rows", "seqLen", "token_count"})
        EXPECT_TRUE(names_a_size(name)) << name;
    for (const char* name : {"row", "block_id", "tile_id_m", "coord", "slot", "page"})
        EXPECT_FALSE(names_a_size(name)) << name;
}

TEST(IdTypes, EightBitIntegersAreBytes) {
    for (const char* type : {"unsigned char", "uint8_t", "int8_t", "char"})
        EXPECT_TRUE(is_byte_type(type)) << type;
    for (const char* type : {"int", "uint16_t", "unsigned int", "IdType", "half"})
        EXPECT_FALSE(is_byte_type(type)) << type;
}

}  // namespace
}  // namespace patchbay
