// The renderings of an audit report, against expected text written by hand. The SARIF output
// is also validated against the SARIF 2.1.0 JSON schema when a validator and the schema are
// installed (tests/support/sarif_schema.hpp).
// Also tests tool/audit_report_text.cpp, tool/audit_report_json.cpp, tool/audit_report_sarif.cpp,
// tool/sarif_locations.cpp, tool/audit_report_github.cpp, tool/audit_report_markdown.cpp and
// checks/finding.cpp (the severity names).

#include "tool/audit_report_format.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "tests/support/process.hpp"
#include "tests/support/sarif_schema.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

const char* kKernel = "vllm/attention/ops/paged_gather_v2.py";
const char* kEnvLine = "    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))";

Finding stride_finding() {
    Finding f;
    f.rule = "int32-index-stride";
    f.severity = Severity::error;
    f.path = kKernel;
    f.line = 43;
    f.column = 27;
    f.message = "block id times stride_kb in 32-bit arithmetic";
    f.related = {{kKernel, 36, 11, "block id loaded from block_table_ptr here"}};
    f.fix_hint = "widen first: blk = tl.load(block_table_ptr + lb).to(tl.int64)";
    f.reach = Reach{901120, 2383, 8.0029296875};
    f.source_line = "    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh";
    f.is_new = true;
    return f;
}

Finding env_finding() {
    Finding f;
    f.rule = "unregistered-env-read";
    f.severity = Severity::warning;
    f.path = kKernel;
    f.line = 61;
    f.column = 33;
    f.message =
        "environment variable 'VLLM_GATHER_SPLITS' is read here but is not registered in "
        "vllm/envs.py (environment_variables)";
    f.related = {{"vllm/envs.py", 14, 1, "registry table here"}};
    f.fix_hint =
        "add 'VLLM_GATHER_SPLITS' to environment_variables in vllm/envs.py, or read it "
        "through vllm.envs";
    f.source_line = kEnvLine;
    return f;
}

Finding odd_finding() {
    Finding f;
    f.rule = "raw-env-read";
    f.severity = Severity::note;
    f.path = "a,b:c.py";
    f.line = 1;
    f.column = 2;
    f.message = "50% done\r\nnext: x, y";
    return f;
}

AuditReport report() {
    AuditReport r;
    r.findings = {stride_finding(), env_finding()};
    r.summary = {12, 2, 1, 1};
    r.notes = {"no GPU found"};
    r.baseline = AuditBaseline::base;
    return r;
}

// The series result against the pristine upstream: the stride finding was added by a patch
// (its line 57), the env finding is upstream's own, and one upstream finding was fixed.
AuditReport series_report() {
    AuditReport r;
    auto added = stride_finding();
    added.patch = "0006-widen.patch";
    added.patch_file = "patches/0006-widen.patch";
    added.patch_line = 57;
    auto upstream = env_finding();
    upstream.related.clear();
    upstream.fix_hint.clear();
    auto fixed = odd_finding();
    fixed.path = "vllm/old.py";
    fixed.message = "gone";
    r.findings = {added, upstream};
    r.fixed = {fixed};
    r.summary = {5, 2, 1, 0, 1};
    r.baseline = AuditBaseline::upstream;
    return r;
}

TEST(AuditReportText, ClangStyleLinesWithSourceCaretRelatedFixAndReach) {
    auto expected =
        "vllm/attention/ops/paged_gather_v2.py:43:27: error: block id times stride_kb in 32-bit "
        "arithmetic [int32-index-stride] (new)\n"
        "    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh\n"
        "                          ^\n"
        "    vllm/attention/ops/paged_gather_v2.py:36: note: block id loaded from "
        "block_table_ptr here\n"
        "    fix: widen first: blk = tl.load(block_table_ptr + lb).to(tl.int64)\n"
        "    reach: block ids from 2,383 (pool of 8.0 GiB and up)\n"
        "vllm/attention/ops/paged_gather_v2.py:61:33: warning: environment variable "
        "'VLLM_GATHER_SPLITS' is read here but is not registered in vllm/envs.py "
        "(environment_variables) [unregistered-env-read] (existing)\n"
        "    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))\n"
        "                                ^\n"
        "    vllm/envs.py:14: note: registry table here\n"
        "    fix: add 'VLLM_GATHER_SPLITS' to environment_variables in vllm/envs.py, or read it "
        "through vllm.envs\n"
        "note: no GPU found\n"
        "2 findings (1 new, 1 existing) in 12 files, 1 suppressed\n";
    EXPECT_EQ(render_audit_text(report(), Palette{false}), expected);
}

TEST(AuditReportText, CaretKeepsTabsAndSummaryHandlesNoFindings) {
    AuditReport r;
    auto f = odd_finding();
    f.message = "m";
    f.column = 3;
    f.source_line = "\tx = 1";
    r.findings = {f};
    r.summary = {1, 1, 0, 0};
    EXPECT_EQ(render_audit_text(r, Palette{false}),
              "a,b:c.py:1:3: note: m [raw-env-read]\n\tx = 1\n\t ^\n1 finding in 1 file\n");
    EXPECT_EQ(render_audit_text(AuditReport{{}, {3, 0, 0, 0}, {}, AuditBaseline::none, {}},
                                Palette{false}),
              "no findings in 3 files\n");
}

TEST(AuditReportText, ColoursSeverityLocationRuleAndCaret) {
    AuditReport r;
    auto f = env_finding();
    f.related.clear();
    f.fix_hint.clear();
    f.source_line = "  x";
    f.column = 3;
    r.findings = {f};
    r.summary = {1, 1, 0, 0};
    auto text = render_audit_text(r, Palette{true});
    EXPECT_EQ(text,
              "\033[1mvllm/attention/ops/paged_gather_v2.py:61:3:\033[0m \033[33mwarning\033[0m: " +
                  f.message +
                  " \033[2m[unregistered-env-read]\033[0m\n  x\n  \033[32m^\033[0m\n"
                  "\033[1m1 finding in 1 file\033[0m\n");
}

TEST(AuditReportJson, FixedNamesStatusRelatedAndReach) {
    auto expected =
        R"j({"version":1,"findings":[)j"
        R"j({"rule":"int32-index-stride","severity":"error","path":"vllm/attention/ops/paged_gather_v2.py",)j"
        R"j("line":43,"column":27,"message":"block id times stride_kb in 32-bit arithmetic","status":"new",)j"
        R"j("related":[{"path":"vllm/attention/ops/paged_gather_v2.py","line":36,"message":"block id loaded from block_table_ptr here"}],)j"
        R"j("reach":{"first_block":2383,"pool_gib":8},)j"
        R"j("fix":"widen first: blk = tl.load(block_table_ptr + lb).to(tl.int64)",)j"
        R"j("source":"    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh"},)j"
        R"j({"rule":"unregistered-env-read","severity":"warning","path":"vllm/attention/ops/paged_gather_v2.py",)j"
        R"j("line":61,"column":33,"message":"environment variable 'VLLM_GATHER_SPLITS' is read here but is not registered in vllm/envs.py (environment_variables)","status":"existing",)j"
        R"j("related":[{"path":"vllm/envs.py","line":14,"message":"registry table here"}],)j"
        R"j("fix":"add 'VLLM_GATHER_SPLITS' to environment_variables in vllm/envs.py, or read it through vllm.envs",)j"
        R"j("source":"    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))"}],)j"
        R"j("summary":{"files":12,"findings":2,"new":1,"suppressed":1,"fixed":0,"baseline":"base"},"notes":["no GPU found"]})j"
        "\n";
    EXPECT_EQ(render_audit_json(report()), expected);
}

TEST(AuditReportJson, EmptyReport) {
    EXPECT_EQ(render_audit_json(AuditReport{{}, {4, 0, 0, 0}, {}, AuditBaseline::none, {}}),
              "{\"version\":1,\"findings\":[],\"summary\":{\"files\":4,\"findings\":0,\"new\":0,"
              "\"suppressed\":0,\"fixed\":0,\"baseline\":\"none\"}}\n");
}

Finding suppressed_finding() {
    Finding f = env_finding();
    f.line = 70;
    f.is_new = false;
    f.related.clear();
    f.fix_hint.clear();
    f.source_line = "x = os.getenv(\"VLLM_X\")  # patchbay: ignore[unregistered-env-read] CI only";
    f.suppression = FindingSuppression{70, "CI only"};
    return f;
}

// A silenced finding stays in the report for reviewers: after the summary, with the comment's
// line and reason.
TEST(AuditReportJson, SuppressedFindingsKeepTheirReason) {
    AuditReport r{{}, {3, 0, 0, 1}, {}, AuditBaseline::none, {suppressed_finding()}};
    auto expected =
        R"j({"version":1,"findings":[],"summary":{"files":3,"findings":0,"new":0,"suppressed":1,"fixed":0,"baseline":"none"},)j"
        R"j("suppressed":[{"rule":"unregistered-env-read","severity":"warning","path":"vllm/attention/ops/paged_gather_v2.py",)j"
        R"j("line":70,"column":33,"message":"environment variable 'VLLM_GATHER_SPLITS' is read here but is not registered in vllm/envs.py (environment_variables)","status":"existing",)j"
        R"j("related":[],"source":"x = os.getenv(\"VLLM_X\")  # patchbay: ignore[unregistered-env-read] CI only",)j"
        R"j("suppression":{"line":70,"reason":"CI only"}}]})j"
        "\n";
    EXPECT_EQ(render_audit_json(r), expected);
}

const std::vector<RuleDescriptor> kRules = {
    {"invalid-suppression", "suppression without a reason", Severity::warning},
    {"unregistered-env-read", "env read not in the registry", Severity::warning},
};

TEST(AuditReportSarif, OneRunWithRulesResultsAndFingerprints) {
    AuditReport r;
    r.findings = {env_finding()};
    r.summary = {1, 1, 0, 0};
    auto expected =
        R"j({"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{)j"
        R"j("tool":{"driver":{"name":"patchbay","version":"0.1.0","rules":[)j"
        R"j({"id":"invalid-suppression","shortDescription":{"text":"suppression without a reason"},)j"
        R"j("fullDescription":{"text":"suppression without a reason. What it flags, why it matters and how to fix or suppress it: checks/docs/invalid-suppression.md."},)j"
        R"j("help":{"text":"See checks/docs/invalid-suppression.md in the patchbay sources. Suppress one finding with `patchbay: ignore[invalid-suppression] reason` in a comment on the line or the line above."},)j"
        R"j("defaultConfiguration":{"level":"warning"}},)j"
        R"j({"id":"unregistered-env-read","shortDescription":{"text":"env read not in the registry"},)j"
        R"j("fullDescription":{"text":"env read not in the registry. What it flags, why it matters and how to fix or suppress it: checks/docs/unregistered-env-read.md."},)j"
        R"j("help":{"text":"See checks/docs/unregistered-env-read.md in the patchbay sources. Suppress one finding with `patchbay: ignore[unregistered-env-read] reason` in a comment on the line or the line above."},)j"
        R"j("defaultConfiguration":{"level":"warning"}}]}},)j"
        R"j("results":[{"ruleId":"unregistered-env-read","ruleIndex":1,"level":"warning",)j"
        R"j("message":{"text":"environment variable 'VLLM_GATHER_SPLITS' is read here but is not registered in vllm/envs.py (environment_variables)"},)j"
        R"j("locations":[{"physicalLocation":{"artifactLocation":{"uri":"vllm/attention/ops/paged_gather_v2.py"},)j"
        R"j("region":{"startLine":61,"startColumn":33,"snippet":{"text":"    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))"}}}}],)j"
        R"j("relatedLocations":[{"id":0,"physicalLocation":{"artifactLocation":{"uri":"vllm/envs.py"},"region":{"startLine":14,"startColumn":1}},"message":{"text":"registry table here"}}],)j"
        R"j("partialFingerprints":{"patchbayFingerprint/v1":"3610c520e0ae85813881cc88801383d8d5cd2332b08db6d911084d9c4462c6c1"},)j"
        R"j("properties":{"fix":"add 'VLLM_GATHER_SPLITS' to environment_variables in vllm/envs.py, or read it through vllm.envs"}}]}]})j"
        "\n";
    EXPECT_EQ(render_audit_sarif(r, kRules), expected);
}

TEST(AuditReportSarif, FingerprintIgnoresWhitespaceAndCountsOccurrences) {
    auto moved = env_finding();
    moved.line = 90;
    moved.source_line = "    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"2\"))";
    // Same rule, path and normalised line: the first keeps its hash wherever it moves, the
    // second is told apart by its occurrence index.
    EXPECT_EQ(finding_fingerprint(env_finding(), 0),
              "3610c520e0ae85813881cc88801383d8d5cd2332b08db6d911084d9c4462c6c1");
    EXPECT_NE(finding_fingerprint(moved, 0), finding_fingerprint(env_finding(), 0));
    moved.source_line = "\tsplits  =  int(os.environ.get(\"VLLM_GATHER_SPLITS\",\t\"1\"))  ";
    EXPECT_EQ(finding_fingerprint(moved, 0), finding_fingerprint(env_finding(), 0));
    EXPECT_EQ(finding_fingerprint(moved, 1),
              "ece30c732f3f3edc7b786020a73c0b2f1f356f633deda318a181946029ea5792");
    AuditReport r;
    r.findings = {env_finding(), moved};
    auto sarif = render_audit_sarif(r, kRules);
    EXPECT_NE(sarif.find("3610c520e0ae8581"), std::string::npos);
    EXPECT_NE(sarif.find("ece30c732f3f3edc"), std::string::npos);
}

TEST(AuditReportSarif, BaselineStateOnlyWhenScopedAndNotesAsNotifications) {
    auto sarif = render_audit_sarif(report(), kRules);
    EXPECT_NE(sarif.find(R"j("baselineState":"new")j"), std::string::npos);
    EXPECT_NE(sarif.find(R"j("baselineState":"unchanged")j"), std::string::npos);
    EXPECT_NE(
        sarif.find(
            R"j("invocations":[{"executionSuccessful":true,"toolExecutionNotifications":[{"level":"note","message":{"text":"no GPU found"}}]}])j"),
        std::string::npos);
    // int32-index-stride is not among kRules: no ruleIndex rather than a wrong one.
    EXPECT_NE(sarif.find(R"j({"ruleId":"int32-index-stride","level":"error")j"), std::string::npos);
    auto unscoped = report();
    unscoped.baseline = AuditBaseline::none;
    EXPECT_EQ(render_audit_sarif(unscoped, kRules).find("baselineState"), std::string::npos);
}

TEST(AuditReportSarif, SuppressedFindingsAreResultsWithInSourceSuppressions) {
    AuditReport r{{env_finding()}, {3, 1, 0, 1}, {}, AuditBaseline::none, {suppressed_finding()}};
    auto sarif = render_audit_sarif(r, kRules);
    auto first = sarif.find("\"ruleId\"");
    auto second = sarif.find("\"ruleId\"", first + 1);
    ASSERT_NE(second, std::string::npos);
    EXPECT_EQ(sarif.find("\"suppressions\""), sarif.find("\"suppressions\"", second));
    EXPECT_NE(
        sarif.find(
            R"j("suppressions":[{"kind":"inSource","justification":"CI only",)j"
            R"j("location":{"physicalLocation":{"artifactLocation":)j"
            R"j({"uri":"vllm/attention/ops/paged_gather_v2.py"},"region":{"startLine":70}}}}])j"),
        std::string::npos)
        << sarif;
    EXPECT_EQ(render_audit_github(r).find("line=70"), std::string::npos);
    EXPECT_EQ(render_audit_text(r, Palette{}).find(":70:"), std::string::npos);
}

TEST(AuditReportSarif, UrisArePercentEncoded) {
    AuditReport r;
    auto f = odd_finding();
    f.path = "dir name/a%b.py";
    r.findings = {f};
    EXPECT_NE(render_audit_sarif(r, kRules).find(R"j("uri":"dir%20name/a%25b.py")j"),
              std::string::npos);
}

TEST(AuditReportSarif, ValidatesAgainstTheSarif210Schema) {
    if (auto why = test_support::sarif_validation_unavailable(); !why.empty()) GTEST_SKIP() << why;
    test_support::TempDir dir;
    auto full = report();
    full.findings.push_back(odd_finding());
    full.suppressed.push_back(suppressed_finding());
    full.fixed = series_report().fixed;
    full.findings.push_back(series_report().findings.front());  // located on its patch
    test_support::write_file(dir / "out.sarif", render_audit_sarif(full, kRules));
    auto result = test_support::validate_sarif(dir / "out.sarif");
    EXPECT_EQ(result.status, 0) << result.err;
}

TEST(AuditReportGithub, WorkflowCommandsWithEscapes) {
    auto r = report();
    r.baseline = AuditBaseline::none;  // a plain folder: the severity picks the command
    r.findings.push_back(odd_finding());
    auto expected =
        "::error file=vllm/attention/ops/paged_gather_v2.py,line=43,col=27,"
        "title=int32-index-stride::block id times stride_kb in 32-bit arithmetic\n"
        "::warning file=vllm/attention/ops/paged_gather_v2.py,line=61,col=33,"
        "title=unregistered-env-read::environment variable 'VLLM_GATHER_SPLITS' is read here but "
        "is not registered in vllm/envs.py (environment_variables)\n"
        "::notice file=a%2Cb%3Ac.py,line=1,col=2,title=raw-env-read::50%25 done%0D%0Anext: x, y\n"
        "::notice::no GPU found\n";
    EXPECT_EQ(render_audit_github(r), expected);
}

TEST(AuditReportSeries, GithubAnnotatesThePatchFileLine) {
    EXPECT_EQ(render_audit_github(series_report()),
              "::error file=patches/0006-widen.patch,line=57,title=int32-index-stride::block id "
              "times stride_kb in 32-bit arithmetic (vllm/attention/ops/paged_gather_v2.py:43)\n"
              "::notice title=unregistered-env-read (upstream)::vllm/attention/ops/"
              "paged_gather_v2.py:61: environment variable 'VLLM_GATHER_SPLITS' is read here but "
              "is not registered in vllm/envs.py (environment_variables)\n"
              "::notice title=raw-env-read (fixed)::vllm/old.py:1: gone\n");
    auto hidden = render_audit_github(series_report(), true);
    EXPECT_EQ(hidden.find("(upstream)"), std::string::npos) << hidden;
    EXPECT_NE(hidden.find("(fixed)"), std::string::npos);
}

// --diff: the files are the audited folder's, so existing findings keep their file.
TEST(AuditReportSeries, DiffModeNewAsErrorsExistingAsNotices) {
    auto r = report();
    r.baseline = AuditBaseline::diff;
    auto out = render_audit_github(r);
    EXPECT_NE(out.find("::error file=vllm/attention/ops/paged_gather_v2.py,line=43,col=27,"
                       "title=int32-index-stride::"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("::notice file=vllm/attention/ops/paged_gather_v2.py,line=61,col=33,"
                       "title=unregistered-env-read (existing)::"),
              std::string::npos)
        << out;
    EXPECT_EQ(render_audit_github(r, true).find("unregistered-env-read"), std::string::npos);
}

TEST(AuditReportSeries, JsonNamesThePatchAndListsFixed) {
    auto json = render_audit_json(series_report());
    EXPECT_NE(json.find(R"("status":"new","patch":"0006-widen.patch",)"
                        R"("patch_file":"patches/0006-widen.patch","patch_line":57,"related")"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("message":"gone","status":"fixed")"), std::string::npos);
    EXPECT_NE(json.find(R"("fixed":1,"baseline":"upstream"})"), std::string::npos);
}

TEST(AuditReportSeries, TextMarksNewUpstreamAndFixed) {
    auto text = render_audit_text(series_report(), Palette{false});
    EXPECT_NE(text.find("arithmetic [int32-index-stride] (new)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("    added by patches/0006-widen.patch:57\n"), std::string::npos);
    EXPECT_NE(text.find("(environment_variables) [unregistered-env-read] (upstream)\n"),
              std::string::npos);
    EXPECT_NE(text.find("vllm/old.py:1:2: fixed: gone [raw-env-read]\n"), std::string::npos);
    EXPECT_NE(text.find("2 findings (1 new, 1 upstream), 1 fixed in 5 files\n"), std::string::npos);
}

TEST(AuditReportSeries, SarifLocatesOnThePatchAndKeepsTheResultLine) {
    auto sarif = render_audit_sarif(series_report(), kRules);
    EXPECT_NE(sarif.find(R"j("message":{"text":"block id times stride_kb in 32-bit arithmetic )j"
                         R"j((vllm/attention/ops/paged_gather_v2.py:43)"},)j"
                         R"j("locations":[{"physicalLocation":{"artifactLocation":)j"
                         R"j({"uri":"patches/0006-widen.patch"},"region":{"startLine":57}}}])j"),
              std::string::npos)
        << sarif;
    EXPECT_NE(
        sarif.find(R"j({"id":1,"physicalLocation":{"artifactLocation":)j"
                   R"j({"uri":"vllm/attention/ops/paged_gather_v2.py"},)j"
                   R"j("region":{"startLine":43,"startColumn":27}},"message":{"text":)j"
                   R"j("the flagged line in the series result, added by 0006-widen.patch"}})j"),
        std::string::npos);
    EXPECT_NE(sarif.find(R"j("baselineState":"absent")j"), std::string::npos);
    EXPECT_NE(sarif.find(R"j("baselineState":"unchanged")j"), std::string::npos);
}

TEST(AuditReportMarkdown, CountsThenNewAndFixedTables) {
    EXPECT_EQ(render_audit_markdown(series_report()),
              "### patchbay audit-kernels\n\n"
              "**1 new**, 1 upstream, 1 fixed, in 5 file(s)\n"
              "\n#### New findings\n\n"
              "| rule | severity | where | finding |\n|---|---|---|---|\n"
              "| `int32-index-stride` | error | `patches/0006-widen.patch:57` "
              "(`vllm/attention/ops/paged_gather_v2.py:43`) | block id times stride_kb in 32-bit "
              "arithmetic |\n"
              "\n#### Fixed\n\n"
              "| rule | severity | where | finding |\n|---|---|---|---|\n"
              "| `raw-env-read` | note | `vllm/old.py:1` | gone |\n");
    auto many = series_report();
    many.findings.push_back(many.findings.front());
    auto capped = render_audit_markdown(many, 1);
    EXPECT_NE(capped.find("\n… and 1 more new findings.\n"), std::string::npos) << capped;
}

}  // namespace
}  // namespace patchbay
