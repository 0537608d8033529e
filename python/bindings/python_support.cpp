// Errors, array conversions, search options and the path result shared by the binding files.
#include "python_support.hpp"

#include <cmath>
#include <limits>

namespace pathkit::python {

void raise_if_refused(const Status& status) {
    if (!status.ok()) throw RefusedInput(status.message());
}

AreaFilter area_filter_of(const std::vector<int>& exclude, const std::map<int, float>& costs,
                          std::uint32_t points_per_edge) {
    AreaFilter filter;
    filter.points_per_edge = points_per_edge;
    const auto check_type = [](int type) {
        if (type < 0 || type > max_area_type)
            raise_if_refused(
                Status::invalid_input("area type " + std::to_string(type) + " is outside 0..63"));
        return static_cast<AreaType>(type);
    };
    for (const int type : exclude)
        filter.excluded |= std::uint64_t{1} << check_type(type);
    for (const auto& [type, cost] : costs)
        filter.costs[check_type(type)] = cost;
    return filter;
}

py::str python_text(const std::string& text) {
    return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(
        text.data(), static_cast<py::ssize_t>(text.size()), "backslashreplace"));
}

py::array_t<std::int32_t> cells_to_array(std::span<const Cell> cells) {
    py::array_t<std::int32_t> array({static_cast<py::ssize_t>(cells.size()), py::ssize_t{2}});
    auto out = array.mutable_unchecked<2>();
    for (std::size_t index = 0; index < cells.size(); ++index) {
        out(index, 0) = cells[index].x;
        out(index, 1) = cells[index].y;
    }
    return array;
}

py::array_t<double> points_to_array(std::span<const Point2> points) {
    py::array_t<double> array({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
    auto out = array.mutable_unchecked<2>();
    for (std::size_t index = 0; index < points.size(); ++index) {
        out(index, 0) = points[index].x;
        out(index, 1) = points[index].y;
    }
    return array;
}

namespace {

/// `values` as a float64 array of shape (n, 2), or RefusedInput naming `what`.
py::array_t<double, py::array::c_style | py::array::forcecast> pairs(const py::handle& values,
                                                                     const char* what) {
    auto array = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(values);
    if (!array) throw RefusedInput(std::string(what) + " must be numbers of shape (n, 2)");
    if (array.size() == 0) return py::array_t<double>(std::vector<py::ssize_t>{0, 2});
    if (array.ndim() != 2 || array.shape(1) != 2)
        throw RefusedInput(std::string(what) + " must have shape (n, 2), x then y");
    return array;
}

}  // namespace

std::vector<Cell> array_to_cells(const py::handle& values, const char* what) {
    const auto array = pairs(values, what);
    const auto in = array.unchecked<2>();
    std::vector<Cell> cells(static_cast<std::size_t>(array.shape(0)));
    for (std::size_t index = 0; index < cells.size(); ++index) {
        const double x = in(index, 0), y = in(index, 1);
        const double low = std::numeric_limits<std::int32_t>::min();
        const double high = std::numeric_limits<std::int32_t>::max();
        if (!(x >= low && x <= high && y >= low && y <= high) || x != std::floor(x) ||
            y != std::floor(y))
            throw RefusedInput(std::string(what) + " row " + std::to_string(index) +
                               ": tiles are whole numbers within 32 bits");
        cells[index] = {static_cast<int>(x), static_cast<int>(y)};
    }
    return cells;
}

std::vector<Point2> array_to_points(const py::handle& values, const char* what) {
    const auto array = pairs(values, what);
    const auto in = array.unchecked<2>();
    std::vector<Point2> points(static_cast<std::size_t>(array.shape(0)));
    for (std::size_t index = 0; index < points.size(); ++index)
        points[index] = {static_cast<float>(in(index, 0)), static_cast<float>(in(index, 1))};
    return points;
}

SearchOptions search_options(const std::string& algo, std::optional<std::uint64_t> max_expansions,
                             float weight, bool allow_partial) {
    SearchOptions options;
    const auto algorithm = search_algorithm_named(algo);
    if (!algorithm)
        throw RefusedInput("algo must be one of " + std::string(search_algorithm_names) +
                           ", not \"" + algo + "\"");
    options.algorithm = *algorithm;
    if (max_expansions) options.max_expansions = static_cast<std::size_t>(*max_expansions);
    if (!(weight >= 1 && std::isfinite(weight)))
        throw RefusedInput("weight must be finite and at least 1, not " + std::to_string(weight));
    options.heuristic_weight = weight;
    options.allow_partial = allow_partial;
    return options;
}

DiagonalPolicy diagonal_named(const std::string& name) {
    const auto policy = diagonal_policy_named(name);
    if (!policy)
        throw RefusedInput("diagonal must be one of " + std::string(diagonal_policy_names) +
                           ", not \"" + name + "\"");
    return *policy;
}

void bind_support(py::module_& module) {
    static py::exception<RefusedInput> error(module, "Error", PyExc_ValueError);
    error.attr("__module__") = "pathkit";
    error.doc() = "Raised with pathkit's message when it refuses an input (a ValueError).";
    py::register_exception_translator([](std::exception_ptr pending) {
        try {
            if (pending) std::rethrow_exception(pending);
        } catch (const RefusedInput& refused) {
            PyErr_SetObject(error.ptr(), python_text(refused.what()).ptr());
        } catch (const BadExpectedAccess& misuse) {
            PyErr_SetString(PyExc_RuntimeError, misuse.what());
        }
    });

    py::class_<PathAnswer>(module, "PathResult",
                           "What a search found: status, cost, path and counters.")
        .def_readonly("status", &PathAnswer::status,
                      "\"found\", \"partial\", \"budget_exhausted\" or \"no_path\".")
        .def_readonly("message", &PathAnswer::message, "Why, when no path was found.")
        .def_readonly("cost", &PathAnswer::cost, "Sum of the step costs along the path.")
        .def_readonly("path", &PathAnswer::path,
                      "The path, start and goal included (empty without one).")
        .def_readonly("method", &PathAnswer::method, "Which search ran (\"astar\", \"jps\"...).")
        .def_readonly("expanded", &PathAnswer::expanded, "States expanded.")
        .def_readonly("generated", &PathAnswer::generated, "Successors generated.")
        .def_readonly("links", &PathAnswer::links,
                      "For each step (grid) or segment (NavMesh), the id of the link it crosses "
                      "or -1 where it walks; empty when the path crosses no link.")
        .def_property_readonly("found", &PathAnswer::found, "True when the goal was reached.")
        .def("__bool__", &PathAnswer::found)
        .def("__repr__", [](const PathAnswer& answer) {
            return "<pathkit.PathResult " + answer.status + " cost=" + std::to_string(answer.cost) +
                   " length=" + std::to_string(answer.path.ndim() > 0 ? answer.path.shape(0) : 0) +
                   " expanded=" + std::to_string(answer.expanded) + ">";
        });
}

}  // namespace pathkit::python
