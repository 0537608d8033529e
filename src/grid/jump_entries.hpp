/// Jump point queries for GridSpace::find_path, which has asked `jump_point_search_refusal` once.
#pragma once

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit::detail {

/// `find_path_jps` where `jump_point_search_refusal(space, options)` names no reason (the
/// caller asked): checks the endpoints, then searches; nothing is checked twice.
[[nodiscard]] GridPath find_path_jps_applicable(const GridSpace& space, Cell from, Cell to,
                                                SearchContext& context,
                                                const SearchOptions& options, PathShape shape);

/// `index.find_path` (without goal bounds) for an index just brought up to date
/// (`GridSpace::jump_point_index`) on a space where `jump_point_search_refusal` names no
/// reason: checks the endpoints, then searches.
[[nodiscard]] GridPath find_path_jps_plus_applicable(const StaticGridIndex& index, Cell from,
                                                     Cell to, SearchContext& context,
                                                     const SearchOptions& options, PathShape shape);

}  // namespace pathkit::detail
