// Jump point search over the map's bit lines: when it applies, and the checked query.
#include "pathkit/grid/jump_point_search.hpp"

#include "jump_entries.hpp"
#include "jump_search.hpp"

namespace pathkit {

std::string jump_point_search_refusal(const GridSpace& space, const SearchOptions& options) {
    const MovementRules& rules = space.rules();
    if (options.algorithm == SearchAlgorithm::BreadthFirst)
        return "breadth-first search counts steps, and a jump is many steps";
    if (space.map().has_terrain_costs()) return "the map has terrain cost multipliers";
    if (rules.agent_size > 1) return "the unit is bigger than one tile";
    if (rules.diagonal != DiagonalPolicy::Never &&
        !(rules.straight_cost < rules.diagonal_cost &&
          rules.diagonal_cost < 2 * rules.straight_cost)) {
        return "the diagonal cost is not strictly between the straight cost and twice it";
    }
    return {};
}

GridPath find_path_jps(const GridSpace& space, Cell from, Cell to, SearchContext& context,
                       const SearchOptions& options, PathShape shape) {
    // One dispatch a query: without links, scans and expansions carry no link code at all.
    if (space.has_links()) {
        const detail::BitLines<true> lines(space.map(), space.link_starts());
        return detail::find_path_by_jumps<true>(space, lines, from, to, context, options, shape);
    }
    const detail::BitLines<false> lines(space.map());
    return detail::find_path_by_jumps<false>(space, lines, from, to, context, options, shape);
}

namespace detail {

GridPath find_path_jps_applicable(const GridSpace& space, Cell from, Cell to,
                                  SearchContext& context, const SearchOptions& options,
                                  PathShape shape) {
    if (auto refused = refused_endpoints(space, from, to)) return std::move(*refused);
    if (space.has_links()) {
        const BitLines<true> lines(space.map(), space.link_starts());
        return search_jumps<true>(space, lines, from, to, context, options, shape);
    }
    const BitLines<false> lines(space.map());
    return search_jumps<false>(space, lines, from, to, context, options, shape);
}

}  // namespace detail
}  // namespace pathkit
