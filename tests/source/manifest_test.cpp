#include "source/manifest.hpp"

#include <gtest/gtest.h>

#include "source/pristine_source.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using patchbay::test_support::TempTree;

// Hashes below come from the real tools, never from the code under test.
class ManifestTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("up/pkg/a.py", "alpha\n");
        tree_.write("up/pkg/sub/b.py", "beta\n");
    }

    // `sha256sum` output for `paths`, run from `folder` (relative to the temp tree).
    std::string sha256sum(const std::string& folder, const std::string& paths,
                          const std::string& flags = "") {
        return tree_.run("cd " + folder + " && sha256sum " + flags + " " + paths) + "\n";
    }

    std::string hex_of(const std::string& path) {
        return tree_.run("sha256sum " + path + " | cut -c1-64");
    }

    Status open_with(const std::string& manifest) {
        auto source = open_pristine(SourceOptions{tree_ / "up", "", "", false, tree_ / manifest});
        if (!source) return source.error();
        return Ok{};
    }

    TempTree tree_;
};

TEST_F(ManifestTest, Sha256sumBesideTheFilesPasses) {
    tree_.write("up/SHA256SUMS", sha256sum("up", "pkg/a.py pkg/sub/b.py"));
    const Status status = open_with("up/SHA256SUMS");
    EXPECT_TRUE(status.ok()) << status.error().located();
}

TEST_F(ManifestTest, Sha256sumBinaryModeMarkerPasses) {
    tree_.write("up/SHA256SUMS", sha256sum("up", "pkg/a.py pkg/sub/b.py", "-b"));
    ASSERT_NE(tree_.run("cat up/SHA256SUMS").find(" *pkg/a.py"), std::string::npos);
    const Status status = open_with("up/SHA256SUMS");
    EXPECT_TRUE(status.ok()) << status.error().located();
}

TEST_F(ManifestTest, Sha256sumRelativeToTheUpstreamPathPasses) {
    tree_.write("elsewhere/sums.txt", sha256sum("up", "pkg/a.py pkg/sub/b.py"));
    const Status status = open_with("elsewhere/sums.txt");
    EXPECT_TRUE(status.ok()) << status.error().located();
}

TEST_F(ManifestTest, Sha256sumMismatchListsPathExpectedAndActual) {
    tree_.write("up/SHA256SUMS", sha256sum("up", "pkg/a.py pkg/sub/b.py"));
    const std::string expected = hex_of("up/pkg/sub/b.py");
    tree_.write("up/pkg/sub/b.py", "tampered\n");
    const std::string actual = hex_of("up/pkg/sub/b.py");
    const Status status = open_with("up/SHA256SUMS");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().file, (tree_ / "up/SHA256SUMS").string());
    EXPECT_EQ(status.error().line, 2);
    EXPECT_EQ(status.error().message,
              "1 of 2 files under " + (tree_ / "up").string() +
                  " differ from the manifest: pkg/sub/b.py (expected sha256 " + expected +
                  ", actual " + actual + "); the upstream is not pristine, run refused");
}

TEST_F(ManifestTest, Sha256sumMissingFile) {
    tree_.write("up/SHA256SUMS", sha256sum("up", "pkg/a.py pkg/sub/b.py"));
    std::filesystem::remove(tree_ / "up/pkg/a.py");
    const Status status = open_with("up/SHA256SUMS");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().line, 1);
    EXPECT_NE(status.error().message.find("pkg/a.py (missing)"), std::string::npos);
}

TEST_F(ManifestTest, MoreThanTenOffendersAreCounted) {
    std::string names;
    for (int i = 10; i < 22; ++i) {
        tree_.write("up/f" + std::to_string(i), "x\n");
        names += " f" + std::to_string(i);
    }
    tree_.write("up/SHA256SUMS", sha256sum("up", names));
    for (int i = 10; i < 22; ++i) tree_.write("up/f" + std::to_string(i), "y\n");
    const Status status = open_with("up/SHA256SUMS");
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.error().message.find("12 of 12 files"), std::string::npos);
    EXPECT_NE(status.error().message.find("f19 (expected"), std::string::npos);
    EXPECT_EQ(status.error().message.find("f20 (expected"), std::string::npos);
    EXPECT_NE(status.error().message.find(" and 2 more;"), std::string::npos);
}

TEST_F(ManifestTest, MalformedSha256sumLineNamesItsLine) {
    tree_.write("up/SHA256SUMS", sha256sum("up", "pkg/a.py") + "not a checksum line\n");
    const Status status = open_with("up/SHA256SUMS");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().located(),
              (tree_ / "up/SHA256SUMS").string() + ":2: expected '<sha256 hex>  <path>'");
}

TEST_F(ManifestTest, MissingManifestIsAnError) {
    const Status status = open_with("up/NOPE");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().file, (tree_ / "up/NOPE").string());
}

// site/: the package directory beside its dist-info, as pip installs it.
class RecordTest : public ManifestTest {
  protected:
    void SetUp() override {
        tree_.write("site/pkg/a.py", "alpha\n");
        tree_.write("site/pkg/sub/b.py", "beta\n");
        tree_.write("site/pkg-1.0.dist-info/METADATA", "meta\n");
    }

    // urlsafe base64 of the sha256, unpadded: from python3 when present, else precomputed
    // (by python3's hashlib) for the three fixture contents.
    std::string record_hash(const std::string& path) {
        if (std::system("command -v python3 >/dev/null 2>&1") == 0) {
            return tree_.run(
                "python3 -c \"import hashlib,base64,sys; print(base64.urlsafe_b64encode("
                "hashlib.sha256(open(sys.argv[1],'rb').read()).digest()).rstrip(b'=').decode())"
                "\" " +
                path);
        }
        const std::string content = tree_.run("cat " + path);
        if (content == "alpha") return "tqmNnOmi2RSSiPo99C03fD5Cc3r9za9xTjPAoQC1EGA";
        if (content == "beta") return "8sgt7N1xgc-YlFkppiWY235rR34R9uDrCulwIO_xUa0";
        return "Xp7f9FsoSH3o4lK0wdTjP-iXJWq7awCi1ovW7azvPIY";
    }

    void write_record() {
        tree_.write("site/pkg-1.0.dist-info/RECORD",
                    "pkg/a.py,sha256=" + record_hash("site/pkg/a.py") + ",6\n" +
                        "\"pkg/sub/b.py\",sha256=" + record_hash("site/pkg/sub/b.py") + ",5\n" +
                        "pkg-1.0.dist-info/METADATA,sha256=" +
                        record_hash("site/pkg-1.0.dist-info/METADATA") + ",5\n" +
                        "pkg-1.0.dist-info/RECORD,,\n" +
                        "pkg/__pycache__/a.cpython-311.pyc,,\n"
                        "../../../bin/pkg-tool,sha256=AAAA,10\n");
    }

    Status open_site() {
        auto source = open_pristine(SourceOptions{tree_ / "site/pkg", "", "", false,
                                                  tree_ / "site/pkg-1.0.dist-info/RECORD"});
        if (!source) return source.error();
        return Ok{};
    }
};

TEST_F(RecordTest, MatchingRecordPasses) {
    write_record();
    const Status status = open_site();
    EXPECT_TRUE(status.ok()) << status.error().located();
}

TEST_F(RecordTest, ChangedFileIsRefusedWithBase64Digests) {
    write_record();
    const std::string expected = record_hash("site/pkg/a.py");
    tree_.write("site/pkg/a.py", "beta\n");  // now hashes like b.py
    const std::string actual = record_hash("site/pkg/a.py");
    const Status status = open_site();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().line, 1);
    EXPECT_NE(status.error().message.find("pkg/a.py (expected sha256 " + expected + ", actual " +
                                          actual + ")"),
              std::string::npos)
        << status.error().message;
    EXPECT_NE(status.error().message.find("1 of 3 files"), std::string::npos);
}

TEST_F(RecordTest, UnsupportedAlgorithmIsAnError) {
    tree_.write("site/pkg-1.0.dist-info/RECORD", "pkg/a.py,md5=abc,6\n");
    const Status status = open_site();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().line, 1);
    EXPECT_EQ(status.error().message, "unsupported hash 'md5' (only sha256 is checked)");
}

TEST(ManifestParse, RecordSkipsUnhashedAndOutsideEntries) {
    auto manifest = parse_manifest(
        "a/x.py,sha256=abc,3\r\nRECORD,,\n../../bin/t,sha256=def,1\n\"we,ird.py\",sha256=ghi,2\n",
        "d/RECORD");
    ASSERT_TRUE(manifest.ok()) << manifest.error().located();
    EXPECT_EQ(manifest->format, ManifestFormat::record);
    ASSERT_EQ(manifest->entries.size(), 2u);
    EXPECT_EQ(manifest->entries[0].path, "a/x.py");
    EXPECT_EQ(manifest->entries[0].expected, "abc");
    EXPECT_EQ(manifest->entries[1].path, "we,ird.py");
    EXPECT_EQ(manifest->entries[1].line, 4);
}

TEST(ManifestParse, EmptyManifestIsAnError) {
    auto manifest = parse_manifest("\n", "SHA256SUMS");
    ASSERT_FALSE(manifest.ok());
    EXPECT_EQ(manifest.error().located(), "SHA256SUMS: manifest lists no files");
}

TEST(ManifestParse, Sha256sumUpperCaseHexIsNormalised) {
    auto manifest = parse_manifest(
        "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD  d/abc.txt\n", "SUMS");
    ASSERT_TRUE(manifest.ok()) << manifest.error().located();
    EXPECT_EQ(manifest->entries[0].expected,
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(manifest->entries[0].path, "d/abc.txt");
}

}  // namespace
}  // namespace patchbay
