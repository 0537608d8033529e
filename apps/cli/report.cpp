// Report: the tree of a command's fields and its two writers, JSON and text.
#include "report.hpp"

#include <algorithm>
#include <cassert>
#include <iostream>
#include <numeric>
#include <sstream>

#include "format.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"

namespace pathkit::cli {

Report::Report(std::string value) : kind_(Kind::Value), value_(value), text_(std::move(value)) {}
Report::Report(bool value) : kind_(Kind::Value), value_(value), text_(value ? "true" : "false") {}
Report::Report(double value) : kind_(Kind::Value), value_(value), text_(format_cost(value)) {}

Report Report::value(nlohmann::json json, std::string text) {
    assert(!json.is_object());
    Report report(Kind::Value);
    report.value_ = std::move(json);
    report.text_ = std::move(text);
    return report;
}

Report Report::list(std::string separator) {
    Report report(Kind::List);
    report.text_ = std::move(separator);
    return report;
}

Report& Report::add(std::string name, Report field) {
    assert(kind_ == Kind::Object && !has_field(name));
    names_.push_back(std::move(name));
    items_.push_back(std::move(field));
    return *this;
}

Report& Report::push(Report item) {
    assert(kind_ == Kind::List);
    items_.push_back(std::move(item));
    return *this;
}

bool Report::has_field(const std::string& name) const {
    return std::find(names_.begin(), names_.end(), name) != names_.end();
}

void Report::write_json(std::ostream& out) const {
    switch (kind_) {
        case Kind::Value:
            out << json_text(value_);
            return;
        case Kind::List:
            out << '[';
            for (std::size_t index = 0; index < items_.size(); ++index) {
                if (index > 0) out << ',';
                items_[index].write_json(out);
            }
            out << ']';
            return;
        case Kind::Object: {
            // Keys in byte order, as nlohmann::json writes an object.
            std::vector<std::size_t> order(names_.size());
            std::iota(order.begin(), order.end(), std::size_t{0});
            std::sort(order.begin(), order.end(),
                      [&](std::size_t a, std::size_t b) { return names_[a] < names_[b]; });
            out << '{';
            for (std::size_t index = 0; index < order.size(); ++index) {
                if (index > 0) out << ',';
                out << json_text(names_[order[index]]) << ':';
                items_[order[index]].write_json(out);
            }
            out << '}';
            return;
        }
    }
}

bool Report::holds_objects_in_lists() const {
    return std::any_of(items_.begin(), items_.end(), [&](const Report& item) {
        return (kind_ == Kind::List && item.kind_ == Kind::Object) || item.holds_objects_in_lists();
    });
}

bool Report::one_item_a_line() const {
    return kind_ == Kind::List && !items_.empty() &&
           (text_ == one_per_line || holds_objects_in_lists());
}

void Report::write_inline(std::ostream& out) const {
    switch (kind_) {
        case Kind::Value:
            out << text_;
            return;
        case Kind::List:
            if (items_.empty()) out << "(none)";
            for (std::size_t index = 0; index < items_.size(); ++index) {
                if (index > 0) out << (text_ == one_per_line ? "; " : text_);
                items_[index].write_inline(out);
            }
            return;
        case Kind::Object:
            out << '{';
            write_inline_fields(out);
            out << '}';
            return;
    }
}

void Report::write_inline_fields(std::ostream& out) const {
    for (std::size_t index = 0; index < items_.size(); ++index) {
        out << (index > 0 ? ", " : "") << names_[index] << ':';
        if (items_[index].kind_ != Kind::Value || !items_[index].text_.empty()) out << ' ';
        items_[index].write_inline(out);
    }
}

void Report::write_item(std::ostream& out, int indent) const {
    out << std::string(static_cast<std::size_t>(indent), ' ') << "- ";
    if (kind_ != Kind::Object || !holds_objects_in_lists()) {
        kind_ == Kind::Object ? write_inline_fields(out) : write_inline(out);
        out << '\n';
        return;
    }
    // A block: the first field beside the dash, the others under it.
    std::ostringstream rest;
    write_text(rest, indent + 2);
    out << rest.str().substr(static_cast<std::size_t>(indent) + 2);
}

void Report::write_text(std::ostream& out, int indent) const {
    assert(kind_ == Kind::Object);
    const std::string margin(static_cast<std::size_t>(indent), ' ');
    for (std::size_t index = 0; index < items_.size(); ++index) {
        const Report& field = items_[index];
        out << margin << names_[index] << ':';
        if (field.kind_ == Kind::Object) {
            out << '\n';
            field.write_text(out, indent + 2);
        } else if (field.one_item_a_line()) {
            out << '\n';
            for (const Report& item : field.items_)
                item.write_item(out, indent + 2);
        } else {
            if (field.kind_ != Kind::Value || !field.text_.empty()) out << ' ';
            field.write_inline(out);
            out << '\n';
        }
    }
}

Report tile_report(Cell cell) {
    return Report::value(nlohmann::json::array({cell.x, cell.y}), to_string(cell));
}

Report point_report(Point2 point) {
    return Report::value(nlohmann::json::array({point.x, point.y}),
                         format_cost(point.x) + "," + format_cost(point.y));
}

Report bytes_report(std::uint64_t bytes) {
    return Report::value(bytes, format_bytes(static_cast<double>(bytes)));
}

void print_report(const Report& report, bool json) {
    if (json) {
        report.write_json(std::cout);
        std::cout << '\n';
    } else {
        report.write_text(std::cout);
    }
}

}  // namespace pathkit::cli
