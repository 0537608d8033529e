/// Lifelong many-agent files: the tasks file (every agent's tiles to visit, in order) and the
/// finished tasks a lifelong result states.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/grid_map.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "pathkit/mapf/lifelong.hpp"

namespace pathkit {

/// A tasks file: how many agents it is for, its tasks in file order (each agent's in the order
/// it visits them) and the line of each.
struct MapfTasksFile {
    std::size_t agents = 0;
    std::vector<LifelongTask> tasks;
    std::vector<std::size_t> lines;
};

/// The text of a tasks file (docs/file-formats.md): `pathkit-tasks 1`, `agents N`, `tasks M`,
/// then one line `AGENT X Y` per task (agents numbered from 0, x = column, y = row).
[[nodiscard]] std::string mapf_tasks_text(std::size_t agents, std::span<const LifelongTask> tasks);

/// Parses a tasks file for `map`. Refused, with "SOURCE:LINE: what is wrong": a byte that is
/// not printable ASCII, a wrong header, agents outside 1 to `limits::max_mapf_agents`, more
/// than `limits::max_lifelong_tasks` tasks, a malformed or out-of-range number, an agent not
/// below the file's count, a tile outside the map or blocked, more or fewer task lines than
/// stated. Empty lines and lines starting with `#` are skipped.
[[nodiscard]] Expected<MapfTasksFile> read_mapf_tasks(std::istream& input, std::string_view source,
                                                      const GridMap& map);
/// Loads a tasks file (a regular file, at most `limits::max_file_bytes`).
[[nodiscard]] Expected<MapfTasksFile> load_mapf_tasks(const std::string& path, const GridMap& map);

/// The fields `finished_A=S1,S2,...` a lifelong result states for agent A: the steps its first
/// tasks were finished on, in order (empty when none).
void add_lifelong_finished(MapfResultFile& result,
                           const std::vector<std::vector<std::uint64_t>>& finished);
/// The finished steps of `agents` agents from a result's `finished_A` fields (an absent field:
/// none). Refused, naming `source` and the field: a malformed step, or a field for an agent
/// that does not exist.
[[nodiscard]] Expected<std::vector<std::vector<std::uint64_t>>> lifelong_finished(
    const MapfResultFile& result, std::size_t agents, std::string_view source);

}  // namespace pathkit
