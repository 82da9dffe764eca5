#include "kernels/flat_json.hpp"

#include <cctype>
#include <cstdlib>

namespace patchbay {

namespace {

class Reader {
  public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::optional<FlatJson> object() {
        FlatJson fields;
        if (!take('{')) return std::nullopt;
        if (take('}')) return finish(fields);
        do {
            auto key = string();
            if (!key || !take(':')) return std::nullopt;
            auto value = any();
            if (!value) return std::nullopt;
            fields[*key] = *value;
        } while (take(','));
        if (!take('}')) return std::nullopt;
        return finish(fields);
    }

  private:
    std::optional<FlatJson> finish(FlatJson& fields) {
        skip_space();
        if (at_ != text_.size()) return std::nullopt;
        return fields;
    }
    void skip_space() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    bool take(char c) {
        skip_space();
        if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
        return false;
    }
    std::optional<std::string> string() {
        if (!take('"')) return std::nullopt;
        std::string out;
        while (at_ < text_.size() && text_[at_] != '"') {
            char c = text_[at_++];
            if (c == '\\' && at_ < text_.size()) {
                char e = text_[at_++];
                if (e == 'n')
                    out += '\n';
                else if (e == 't')
                    out += '\t';
                else if (e == 'u')
                    out += '?', at_ += 4;  // reports never need the code point
                else
                    out += e;
            } else {
                out += c;
            }
        }
        if (at_ >= text_.size()) return std::nullopt;
        ++at_;
        return out;
    }
    std::optional<JsonValue> nested() {
        std::size_t start = at_, depth = 0;
        bool in_string = false;
        for (; at_ < text_.size(); ++at_) {
            char c = text_[at_];
            if (in_string) {
                if (c == '\\')
                    ++at_;
                else if (c == '"')
                    in_string = false;
            } else if (c == '"')
                in_string = true;
            else if (c == '[' || c == '{')
                ++depth;
            else if ((c == ']' || c == '}') && --depth == 0) {
                ++at_;
                return JsonValue{JsonValue::Kind::raw,
                                 std::string(text_.substr(start, at_ - start)), 0, false};
            }
        }
        return std::nullopt;
    }
    std::optional<JsonValue> any() {
        skip_space();
        if (at_ >= text_.size()) return std::nullopt;
        char c = text_[at_];
        if (c == '"') {
            auto s = string();
            if (!s) return std::nullopt;
            return JsonValue{JsonValue::Kind::string, *s, 0, false};
        }
        if (c == '[' || c == '{') return nested();
        return literal();
    }
    std::optional<JsonValue> literal() {
        std::size_t start = at_;
        while (at_ < text_.size() && text_[at_] != ',' && text_[at_] != '}' &&
               !std::isspace(static_cast<unsigned char>(text_[at_])))
            ++at_;
        std::string word(text_.substr(start, at_ - start));
        if (word == "null") return JsonValue{JsonValue::Kind::null, word, 0, false};
        if (word == "true" || word == "false")
            return JsonValue{JsonValue::Kind::boolean, word, 0, word == "true"};
        char* end = nullptr;
        double number = std::strtod(word.c_str(), &end);
        if (word.empty() || end != word.c_str() + word.size()) return std::nullopt;
        return JsonValue{JsonValue::Kind::number, word, number, false};
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<FlatJson> parse_flat_json(std::string_view line) {
    return Reader(line).object();
}

std::optional<FlatJson> last_json_line(std::string_view output, std::string* raw) {
    std::size_t end = output.size();
    while (end > 0) {
        std::size_t start = output.rfind('\n', end - 1);
        start = start == std::string_view::npos ? 0 : start + 1;
        auto line = output.substr(start, end - start);
        if (auto parsed = parse_flat_json(line)) {
            if (raw) *raw = std::string(line);
            return parsed;
        }
        end = start == 0 ? 0 : start - 1;
    }
    return std::nullopt;
}

}  // namespace patchbay
