/// Jump point search: grid queries that skip symmetric paths by jumping between turning points.
#pragma once

#include <string>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

/// Why jump point search cannot answer queries on `space` with `options` exactly, or an empty
/// string when it can: terrain multipliers, a unit bigger than one tile, a diagonal cost not
/// strictly between the straight cost and twice it (with diagonals allowed), or breadth-first
/// search (it counts steps, and jumps are many steps).
[[nodiscard]] std::string jump_point_search_refusal(const GridSpace& space,
                                                    const SearchOptions& options = {});

/// The cheapest path from `from` to `to` by jump point search (Harabor and Grastien: the
/// search moves between the tiles where a path may turn, found by scanning the map's bit rows
/// and columns 64 tiles a word), shaped as asked (the same
/// shapes and cost as `GridSpace::find_path`; `PathShape::Turns` skips walking the tiles, so
/// it is the faster one). When `jump_point_search_refusal` names a reason, plain A* (or the
/// chosen engine mode) runs instead: the path is still optimal, the statistics name the
/// method that ran and the message says why. With jump point search, `stats.method` is "jps"
/// and `stats.expanded` counts jump points.
[[nodiscard]] GridPath find_path_jps(const GridSpace& space, Cell from, Cell to,
                                     SearchContext& context, const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles);
/// As above, with the calling thread's own context.
[[nodiscard]] inline GridPath find_path_jps(const GridSpace& space, Cell from, Cell to,
                                            const SearchOptions& options = {},
                                            PathShape shape = PathShape::Tiles) {
    return find_path_jps(space, from, to, thread_search_context(), options, shape);
}

}  // namespace pathkit
