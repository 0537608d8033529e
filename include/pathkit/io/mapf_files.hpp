/// Many-agent files: instances from MovingAI `.map` + `.scen`, and the result format of the MAPF
/// research tools (LaCAM3 and others).
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/cell.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// A many-agent instance: a map and every agent's start and goal.
struct MapfInstance {
    GridMap map = GridMap::create(1, 1).value();
    std::vector<Cell> starts;
    std::vector<Cell> goals;
};

/// The map and the first `agents` rows of the scenario as agents (the standard MovingAI MAPF
/// benchmark convention). Refused, naming the file and row, for unreadable files, fewer rows
/// than agents (or `agents` < 1), rows whose map size differs from the map's, starts or goals
/// off the map or blocked, and two agents sharing a start or a goal.
[[nodiscard]] Expected<MapfInstance> load_mapf_instance(const std::string& map_path,
                                                        const std::string& scenario_path,
                                                        std::size_t agents);

/// A result file: its fields in file order and the plan.
struct MapfResultFile {
    std::vector<std::pair<std::string, std::string>> fields;
    /// Every agent's tile at times 0, 1, 2, ..., in agent order (x = column, y = row).
    std::vector<std::vector<Cell>> steps;

    /// The value of a field; empty when absent.
    [[nodiscard]] std::string field(std::string_view key) const;
};

/// The text of a result file: `key=value` per field, then `solution=` and a line `t:(x,y),...,`
/// per step (each position followed by a comma).
[[nodiscard]] std::string mapf_result_text(const MapfResultFile& result);

/// Parses a result file. Lines before `solution=` are `key=value` (keys of letters, digits and
/// `_`; unknown keys kept); after it, steps numbered 0, 1, 2, ... in order, all with one
/// count of positions. Limits: `limits::max_mapf_agents` positions a step and
/// `limits::max_mapf_positions` in all. Errors read "SOURCE:LINE: what is wrong".
[[nodiscard]] Expected<MapfResultFile> read_mapf_result(std::istream& input,
                                                        std::string_view source);
/// Loads a result file (a regular file, at most `limits::max_file_bytes`).
[[nodiscard]] Expected<MapfResultFile> load_mapf_result(const std::string& path);

}  // namespace pathkit
