#include "patches/unified_name.hpp"

#include <array>
#include <cstdint>
#include <regex>

#include "patches/quoted_name.hpp"

namespace patchbay {

namespace {

const std::regex& iso_timestamp() {
    static const std::regex pattern(
        R"((\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?: ([+-])(\d\d)(\d\d))?)");
    return pattern;
}

const std::regex& ctime_timestamp() {
    static const std::regex pattern(
        R"([A-Z][a-z]{2} ([A-Z][a-z]{2}) ([ \d]\d) (\d\d):(\d\d):(\d\d) (\d{4}))");
    return pattern;
}

// A `diff -u` timestamp separated from the name by spaces, when the name has no TAB.
const std::regex& spaced_timestamp_suffix() {
    static const std::regex pattern(
        R"(^(.*?) +(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: [+-]\d{4})?|)"
        R"([A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})$)");
    return pattern;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t year, std::int64_t month, std::int64_t day) {
    year -= month <= 2;
    std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    std::int64_t year_of_era = year - era * 400;
    std::int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    std::int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

std::int64_t number(const std::ssub_match& digits) {
    return digits.matched ? std::stoll(digits.str()) : 0;
}

std::int64_t seconds_since_epoch(std::int64_t year, std::int64_t month, std::int64_t day,
                                 std::int64_t hour, std::int64_t minute, std::int64_t second) {
    return days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
}

bool is_epoch_iso(const std::smatch& m) {
    if (m[7].matched && m[7].str().find_first_not_of('0') != std::string::npos) return false;
    std::int64_t zone = number(m[9]) * 3600 + number(m[10]) * 60;
    if (m[8].matched && m[8].str() == "-") zone = -zone;
    return seconds_since_epoch(number(m[1]), number(m[2]), number(m[3]), number(m[4]), number(m[5]),
                               number(m[6])) -
               zone ==
           0;
}

std::int64_t month_number(const std::string& name) {
    static const std::array<const char*, 12> months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (std::size_t i = 0; i < months.size(); ++i)
        if (name == months[i]) return static_cast<std::int64_t>(i) + 1;
    return 0;
}

bool is_epoch_ctime(const std::smatch& m) {
    std::string day = m[2].str();
    if (day[0] == ' ') day.erase(0, 1);
    return seconds_since_epoch(number(m[6]), month_number(m[1].str()), std::stoll(day),
                               number(m[3]), number(m[4]), number(m[5])) == 0;
}

std::string_view trim(std::string_view text) {
    auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

UnifiedName with_timestamp(std::string name, std::string_view timestamp) {
    timestamp = trim(timestamp);
    return UnifiedName{std::move(name), !timestamp.empty(), is_epoch_timestamp(timestamp)};
}

}  // namespace

bool is_epoch_timestamp(std::string_view timestamp) {
    std::string text(timestamp);
    std::smatch m;
    if (std::regex_match(text, m, iso_timestamp())) return is_epoch_iso(m);
    if (std::regex_match(text, m, ctime_timestamp())) return is_epoch_ctime(m);
    return false;
}

UnifiedName parse_unified_name(std::string_view field) {
    if (auto quoted = unquote_c_name(field))
        return with_timestamp(quoted->name, field.substr(quoted->length));
    if (auto tab = field.find('\t'); tab != std::string_view::npos)
        return with_timestamp(std::string(field.substr(0, tab)), field.substr(tab + 1));
    std::string text(field);
    // The pattern needs a space before the timestamp; most names have none, and skipping the
    // regex then also skips compiling it (a tenth of check-series on a real series).
    if (text.find(' ') == std::string::npos) return UnifiedName{text, false, false};
    std::smatch m;
    UnifiedName name = std::regex_match(text, m, spaced_timestamp_suffix())
                           ? with_timestamp(m[1], m.str(2))
                           : UnifiedName{text, false, false};
    name.spaced = name.name.find(' ') != std::string::npos;
    return name;
}

}  // namespace patchbay
