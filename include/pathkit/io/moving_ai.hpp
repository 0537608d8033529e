/// Readers for the MovingAI benchmark formats: `.map` grids and `.scen` scenario files.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// Parses a MovingAI `.map`: a header (`type`, `height H`, `width W`, `map`, in any order
/// before `map`) then H rows of W characters. Walkable: `.` `G` `S`; blocked: `@` `O` `T` `W`.
/// CRLF line ends are accepted. Errors read "SOURCE:LINE: what is wrong".
[[nodiscard]] Expected<GridMap> read_moving_ai_map(std::istream& input, std::string_view source);
/// Loads a `.map` file.
[[nodiscard]] Expected<GridMap> load_moving_ai_map(const std::string& path);

/// A map drawn as rows of MovingAI tiles (and `#`, blocked), top row first, all of one
/// width. Errors read "SOURCE: row R, column C: what is wrong".
[[nodiscard]] Expected<GridMap> map_from_rows(const std::vector<std::string>& rows,
                                              std::string_view source);

/// One query of a scenario file.
struct ScenarioQuery {
    int bucket = 0;
    /// The map column, reduced to its file name ("maps/dao/den520d.map" -> "den520d.map").
    std::string map_name;
    int map_width = 0;
    int map_height = 0;
    Cell start;
    Cell goal;
    /// The optimal length under octile moves, diagonal cost sqrt(2), no corner cutting.
    double optimal_length = 0;
};

/// A scenario file: its queries in file order.
struct Scenario {
    std::vector<ScenarioQuery> queries;
};

/// Parses a `.scen` file, either dialect (`version 1` tab-separated, `version 1.0`
/// space-separated; any whitespace splits). Errors read "SOURCE:LINE: what is wrong".
[[nodiscard]] Expected<Scenario> read_moving_ai_scenario(std::istream& input,
                                                         std::string_view source);
/// Loads a `.scen` file.
[[nodiscard]] Expected<Scenario> load_moving_ai_scenario(const std::string& path);

/// True when `length` equals a scenario's rounded `optimal_length` within the benchmark's
/// tolerance, 0.006 + 1e-5 x optimal_length.
[[nodiscard]] bool matches_optimal_length(double length, double optimal_length);

/// Checks that `query` fits `map`: sizes agree and start and goal are walkable tiles inside.
[[nodiscard]] Status check_query(const ScenarioQuery& query, const GridMap& map);

}  // namespace pathkit
