// Shared by the binding files: errors, locks, conversions between numpy arrays and pathkit
// types, and the search result Python sees.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/grid/cell.hpp"
#include "pathkit/grid/movement.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit::python {

namespace py = pybind11;

/// Thrown for input the library refused; Python sees it as `pathkit.Error` (a ValueError)
/// carrying the library's message.
class RefusedInput : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Raises RefusedInput with the status's message unless the status is ok.
void raise_if_refused(const Status& status);

/// A NavMesh area filter from Python's keywords: `exclude` (types 0..63, walls) and `costs`
/// ({type: cost per unit of length}); RefusedInput for a type outside 0..63 (costs and
/// `points_per_edge` are checked by whoever uses the filter).
AreaFilter area_filter_of(const std::vector<int>& exclude, const std::map<int, float>& costs,
                          std::uint32_t points_per_edge);

/// The value, or RefusedInput with the refusal's message.
template <class T>
T take(Expected<T>&& made) {
    if (!made) raise_if_refused(made.error());
    return std::move(made).value();
}

/// Lets Python threads search one object at once while no thread changes it: searches hold it
/// shared with the GIL released; changes hold it exclusively (with the GIL, which a search
/// takes back only after letting go of this lock, so the two never wait on each other).
struct ReadersWriterLock {
    mutable std::shared_mutex mutex;
};

/// Runs `body` with the GIL released and `lock` held shared (for searches that only read).
template <class Body>
auto read_without_gil(const ReadersWriterLock& lock, Body&& body) {
    py::gil_scoped_release release;
    std::shared_lock hold(lock.mutex);
    return body();
}

/// Holds `lock` exclusively while the caller changes the object (the GIL stays held).
[[nodiscard]] inline std::unique_lock<std::shared_mutex> write_lock(const ReadersWriterLock& lock) {
    return std::unique_lock(lock.mutex);
}

/// A tile from Python's (x, y).
[[nodiscard]] inline Cell to_cell(std::pair<int, int> xy) {
    return {xy.first, xy.second};
}
/// A point from Python's (x, y); NaN and infinities are left for the library to refuse.
[[nodiscard]] inline Point2 to_point(std::pair<float, float> xy) {
    return {xy.first, xy.second};
}

/// Text for Python: UTF-8, with any other bytes (a file name from a Latin-1 disk, a map name
/// from a scenario file) shown as \xNN escapes rather than failing to decode.
[[nodiscard]] py::str python_text(const std::string& text);

/// Tiles as an int32 array of shape (n, 2), x then y.
[[nodiscard]] py::array_t<std::int32_t> cells_to_array(std::span<const Cell> cells);
/// Points as a float64 array of shape (n, 2), x then y.
[[nodiscard]] py::array_t<double> points_to_array(std::span<const Point2> points);
/// An (n, 2) array (or a sequence of pairs) as tiles; RefusedInput naming `what` for another
/// shape or a value outside 32-bit integers.
[[nodiscard]] std::vector<Cell> array_to_cells(const py::handle& values, const char* what);
/// An (n, 2) array (or a sequence of pairs) as points; RefusedInput for another shape.
[[nodiscard]] std::vector<Point2> array_to_points(const py::handle& values, const char* what);

/// The search options for `algo` (a name `search_algorithm_named` reads; jps and jps+ run on
/// grids only, and other spaces refuse them), a budget (None: unlimited), a weight and partial
/// results. RefusedInput for an unknown name or a weight below 1.
[[nodiscard]] SearchOptions search_options(const std::string& algo,
                                           std::optional<std::uint64_t> max_expansions,
                                           float weight, bool allow_partial);

/// The diagonal policy named `name` ("never", "always", "at-least-one-walkable",
/// "no-corner-cutting"), or RefusedInput listing the names.
[[nodiscard]] DiagonalPolicy diagonal_named(const std::string& name);

/// A search's result as Python sees it: status name, cost, path as a numpy array, counters.
struct PathAnswer {
    std::string status;
    py::str message;
    double cost = 0;
    py::array path;
    std::string method;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    /// Per step (grid) or segment (NavMesh), the link crossed or -1 where the path walks; empty
    /// when none is a link.
    std::vector<std::int64_t> links;

    [[nodiscard]] bool found() const { return status == "found"; }
};

/// The answer for `result` with its path made by `to_array`; RefusedInput for InvalidInput.
template <class Location, class ToArray>
PathAnswer answer(const PathResult<Location>& result, ToArray&& to_array) {
    if (result.status == SearchStatus::InvalidInput) throw RefusedInput(result.message);
    PathAnswer made;
    made.status = std::string(to_string(result.status));
    made.message = python_text(result.message);
    made.cost = result.cost;
    made.path = to_array(std::span<const Location>(result.path));
    made.method = std::string(result.stats.method);
    made.expanded = result.stats.expanded;
    made.generated = result.stats.generated;
    return made;
}

// One function per binding file, called by the module.
void bind_support(py::module_& module);
void bind_grid(py::module_& module);
void bind_graph(py::module_& module);
void bind_plane(py::module_& module);
void bind_crowd(py::module_& module);
void bind_world(py::module_& module);
void bind_mapf(py::module_& module);
void bind_agents(py::module_& module);

}  // namespace pathkit::python
