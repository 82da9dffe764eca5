#include "kernels/gpu_probe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

#include "kernels/child_process.hpp"

namespace patchbay {

namespace {

std::string trim(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    auto first = text.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? "" : text.substr(first);
}

std::optional<std::string> nvidia_smi(const std::vector<std::string>& args, std::string* why) {
    std::vector<std::string> argv = {"nvidia-smi"};
    argv.insert(argv.end(), args.begin(), args.end());
    auto run = run_child(ChildRequest{argv, {}, {}, 20});
    if (!run || run->exit_code != 0) {
        if (why)
            *why = !run               ? run.error().message
                   : run->not_started ? "nvidia-smi not found"
                                      : "nvidia-smi -L failed: " + trim(run->out + run->err);
        return std::nullopt;
    }
    return run->out;
}

struct Unit {
    const char* suffix;
    double factor;
};

}  // namespace

GpuInfo probe_gpus() {
    GpuInfo info;
    auto list = nvidia_smi({"-L"}, &info.absent_reason);
    if (!list) return info;
    info.names = parse_gpu_list(*list);
    std::error_code ec;
    if (info.names.empty())
        info.absent_reason = "nvidia-smi -L lists no GPU";
    else if (!std::filesystem::exists("/dev/nvidia0", ec))
        info.absent_reason = "no /dev/nvidia0";
    else
        info.present = true;
    if (!info.present) return info;
    if (auto cap = nvidia_smi({"--query-gpu=compute_cap", "--format=csv,noheader"}, nullptr))
        info.arch = parse_compute_cap(*cap);
    if (auto mem = nvidia_smi({"--query-gpu=memory.free", "--format=csv,noheader"}, nullptr))
        info.free_bytes = parse_free_memory(*mem);
    return info;
}

std::vector<std::string> parse_gpu_list(const std::string& text) {
    std::vector<std::string> names;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("GPU ", 0) != 0) continue;
        auto colon = line.find(": ");
        if (colon == std::string::npos) continue;
        auto name = line.substr(colon + 2);
        names.push_back(trim(name.substr(0, name.find(" (UUID"))));
    }
    return names;
}

std::string parse_compute_cap(const std::string& text) {
    auto first = trim(text.substr(0, text.find('\n')));
    auto dot = first.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 >= first.size()) return "";
    auto major = first.substr(0, dot), minor = first.substr(dot + 1);
    auto digits = [](const std::string& s) {
        return std::all_of(s.begin(), s.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    return digits(major) && digits(minor) ? "sm_" + major + minor : "";
}

std::optional<std::int64_t> parse_free_memory(const std::string& text) {
    std::optional<std::int64_t> most;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        auto size = parse_memory_size(trim(line));
        if (size && (!most || *size > *most)) most = *size;
    }
    return most;
}

Result<std::int64_t> parse_memory_size(const std::string& raw) {
    static const Unit units[] = {{"GiB", 1024.0 * 1024 * 1024},
                                 {"MiB", 1024.0 * 1024},
                                 {"KiB", 1024.0},
                                 {"GB", 1e9},
                                 {"MB", 1e6},
                                 {"KB", 1e3},
                                 {"B", 1}};
    std::string text;
    for (char c : raw)
        if (c != ' ') text += c;
    double factor = 1;
    for (const auto& unit : units) {
        std::string suffix = unit.suffix;
        if (text.size() > suffix.size() && text.ends_with(suffix)) {
            text.resize(text.size() - suffix.size());
            factor = unit.factor;
            break;
        }
    }
    std::size_t used = 0;
    double value = -1;
    try {
        value = std::stod(text, &used);
    } catch (...) {
        used = 0;
    }
    if (text.empty() || used != text.size() || value < 0)
        return make_error("'" + raw + "' is not a memory size (say e.g. \"10GiB\" or \"512MiB\")");
    return static_cast<std::int64_t>(value * factor);
}

std::string format_bytes(std::int64_t bytes) {
    return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
}

}  // namespace patchbay
