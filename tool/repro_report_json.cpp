#include "common/json_writer.hpp"
#include "tool/exit_status.hpp"
#include "tool/repro_report_format.hpp"

namespace patchbay {

namespace {

void write_outcome(JsonWriter& json, const ReproOutcome& run) {
    json.begin_object()
        .field("name", run.name)
        .field("status", to_string(run.status))
        .field("detail", run.detail)
        .field("build", run.build)
        .field("seconds", run.seconds)
        .field("output", run.json)  // the reproducer's own JSON line, as a string
        .end_object();
}

void write_stats(JsonWriter& json, const char* name, const BenchStats& s) {
    json.key(name).begin_object();
    json.field("median_ms", s.median).field("p25_ms", s.p25).field("p75_ms", s.p75);
    json.field("min_ms", s.min).field("max_ms", s.max).key("samples_ms").begin_array();
    for (double sample : s.samples) json.value(sample);
    json.end_array().end_object();
}

void write_bench(JsonWriter& json, const BenchRow& row) {
    json.begin_object().field("name", row.name).field("stopped", row.stopped);
    if (row.single) write_stats(json, "result", *row.single);
    if (row.comparison) {
        write_stats(json, "a", row.comparison->a);
        write_stats(json, "b", row.comparison->b);
        json.field("ratio_b_over_a", row.comparison->ratio).field("noise", row.comparison->noise);
    }
    json.field("gbps_a", row.gbps_a).field("gbps_b", row.gbps_b).field("copy_gbps", row.copy_gbps);
    json.end_object();
}

void write_arms(JsonWriter& json, const ReproReport& report) {
    json.key("arms").begin_object().field("a", report.arm_a).field("b", report.arm_b);
    json.key("reproducers").begin_array();
    for (const auto& row : report.arms) {
        json.begin_object().field("name", row.name).field("verdict", to_string(row.verdict));
        json.key("a");
        write_outcome(json, row.a);
        json.key("b");
        write_outcome(json, row.b);
        json.end_object();
    }
    json.end_array().end_object();
}

}  // namespace

std::string render_json(const ReproReport& report) {
    JsonWriter json;
    json.begin_object().field("command", "repro").field("tree", report.tree);
    if (report.arm_b.empty()) {
        json.key("runs").begin_array();
        for (const auto& run : report.runs) write_outcome(json, run);
        json.end_array();
    } else {
        write_arms(json, report);
    }
    json.field("bench_repetitions", report.bench_repetitions).key("bench").begin_array();
    for (const auto& row : report.bench) write_bench(json, row);
    json.end_array().field("exit_status", exit_status_of(report)).end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
