#include "kernels/repro_outcome.hpp"

#include <fmt/format.h>

#include <vector>

#include "kernels/gpu_probe.hpp"

namespace patchbay {

namespace {

const JsonValue* field(const FlatJson& json, const std::string& key) {
    auto found = json.find(key);
    return found == json.end() ? nullptr : &found->second;
}

double number_of(const FlatJson& json, const std::string& key, double fallback = 0) {
    auto* value = field(json, key);
    return value && value->kind == JsonValue::Kind::number ? value->number : fallback;
}

std::string text_of(const FlatJson& json, const std::string& key) {
    auto* value = field(json, key);
    return value && value->kind == JsonValue::Kind::string ? value->text : "";
}

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : "; ") + part;
    return out;
}

std::string skip_reason(const FlatJson& json) {
    std::string reason = text_of(json, "skip");
    if (reason.empty()) reason = "the reproducer skipped (exit 77)";
    double need = number_of(json, "need_bytes"), free_bytes = number_of(json, "free_bytes", -1);
    if (need > 0 && free_bytes > 0)
        reason += fmt::format(": needs {}, {} free", format_bytes(static_cast<std::int64_t>(need)),
                              format_bytes(static_cast<std::int64_t>(free_bytes)));
    return reason;
}

std::string failure_reason(const FlatJson& json) {
    std::vector<std::string> parts;
    if (auto cuda = text_of(json, "cuda_error"); !cuda.empty())
        parts.push_back("CUDA error: " + cuda);
    for (const char* where : {"top", "bottom"}) {
        double nan = number_of(json, std::string("nan_") + where);
        double err = number_of(json, std::string("max_err_") + where);
        if (nan > 0) parts.push_back(fmt::format("{} NaN at the {} placement", nan, where));
        if (err > number_of(json, "tolerance"))
            parts.push_back(fmt::format("max error {:g} at the {} placement", err, where));
    }
    auto* equal = field(json, "placement_equal");
    if (parts.empty() && equal && equal->kind == JsonValue::Kind::boolean && !equal->boolean)
        parts.push_back("top and bottom outputs differ");
    return join(parts);
}

std::string success_detail(const FlatJson& json, const ChildResult& child) {
    if (field(json, "placement_equal"))
        return fmt::format("top == bottom bit for bit; max error top {:g}, bottom {:g}",
                           number_of(json, "max_err_top"), number_of(json, "max_err_bottom"));
    if (field(json, "median_ms"))
        return fmt::format("median {:.4f} ms", number_of(json, "median_ms"));
    return fmt::format("exit 0 after {:.1f}s", child.seconds);
}

std::string last_line(const std::string& text) {
    auto tail = tail_lines(text, 1);
    while (!tail.empty() && tail.back() == '\n') tail.pop_back();
    return tail;
}

}  // namespace

const char* to_string(ReproStatus status) {
    switch (status) {
        case ReproStatus::ok:
            return "OK";
        case ReproStatus::fail:
            return "FAIL";
        case ReproStatus::skip:
            return "SKIP";
    }
    return "?";
}

ReproOutcome skipped(const std::string& name, const std::string& reason) {
    ReproOutcome outcome;
    outcome.name = name;
    outcome.status = ReproStatus::skip;
    outcome.detail = reason;
    return outcome;
}

ReproOutcome failed(const std::string& name, const std::string& reason) {
    auto outcome = skipped(name, reason);
    outcome.status = ReproStatus::fail;
    return outcome;
}

ReproOutcome interpret(const std::string& name, const ChildResult& child, double timeout_s) {
    ReproOutcome outcome;
    outcome.name = name;
    outcome.seconds = child.seconds;
    outcome.output_tail = tail_lines(child.err, 20);
    if (auto json = last_json_line(child.out, &outcome.json)) outcome.fields = *json;
    const auto& json = outcome.fields;
    if (child.timed_out) {
        outcome.status = ReproStatus::fail;
        outcome.detail = fmt::format("timed out after {:g}s", timeout_s);
    } else if (child.signal != 0) {
        outcome.status = ReproStatus::fail;
        outcome.detail = join({"killed by " + signal_name(child.signal), failure_reason(json)});
    } else if (child.exit_code == kReproExitSkip) {
        outcome.status = ReproStatus::skip;
        outcome.detail = skip_reason(json);
    } else if (child.exit_code == kReproExitOk) {
        outcome.status = ReproStatus::ok;
        outcome.detail = success_detail(json, child);
    } else {
        outcome.status = ReproStatus::fail;
        outcome.detail = failure_reason(json);
        if (outcome.detail.empty())
            outcome.detail =
                join({fmt::format("exit status {}", child.exit_code), last_line(child.err)});
    }
    while (!outcome.detail.empty() && outcome.detail.ends_with("; "))
        outcome.detail.resize(outcome.detail.size() - 2);
    return outcome;
}

std::string tail_lines(const std::string& text, int lines) {
    std::size_t at = text.size();
    if (at > 0 && text[at - 1] == '\n') --at;
    for (int seen = 0; at > 0; --at)
        if (text[at - 1] == '\n' && ++seen == lines) break;
    return text.substr(at);
}

}  // namespace patchbay
