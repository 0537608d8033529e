// GridSpace: rule checks, heuristics, where big units fit, and the checked path query.
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/core/text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <string>

#include "jump_entries.hpp"
#include "link_search.hpp"
#include "pathkit/grid/goal_bounds.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

Status validate(const MovementRules& rules) {
    const auto positive = [](Cost cost) { return cost > 0 && cost < infinite_cost; };
    if (!positive(rules.straight_cost)) {
        return Status::invalid_input("movement rules: straight cost " +
                                     to_text(rules.straight_cost) + " is not a finite number > 0");
    }
    if (!positive(rules.diagonal_cost)) {
        return Status::invalid_input("movement rules: diagonal cost " +
                                     to_text(rules.diagonal_cost) + " is not a finite number > 0");
    }
    if (rules.agent_size < 1 || rules.agent_size > 64) {
        return Status::invalid_input("movement rules: agent size " +
                                     std::to_string(rules.agent_size) + " is outside 1..64");
    }
    return {};
}

const char* to_string(DiagonalPolicy policy) {
    switch (policy) {
        case DiagonalPolicy::Never:
            return "never";
        case DiagonalPolicy::Always:
            return "always";
        case DiagonalPolicy::AtLeastOneWalkable:
            return "at-least-one-walkable";
        case DiagonalPolicy::NoCornerCutting:
            return "no-corner-cutting";
    }
    return "unknown";
}

std::optional<DiagonalPolicy> diagonal_policy_named(std::string_view name) {
    for (const DiagonalPolicy policy :
         {DiagonalPolicy::Never, DiagonalPolicy::Always, DiagonalPolicy::AtLeastOneWalkable,
          DiagonalPolicy::NoCornerCutting})
        if (name == to_string(policy)) return policy;
    if (name == "at-least-one") return DiagonalPolicy::AtLeastOneWalkable;
    return std::nullopt;
}

/// The JPS+ index a space builds at its first jps+ query and repairs at the first after tiles
/// changed, behind a lock so that threads querying one space build or repair it once.
struct GridSpace::JumpPointIndexCache {
    std::mutex mutex;
    std::shared_ptr<StaticGridIndex> index;
};

/// The copies of the map seen through terrain filters, each with a space over it that has the
/// same rules and links, made at the first query with a filter and kept for the last few.
struct GridSpace::FilteredSpaces {
    using Mask = std::array<std::uint64_t, 4>;  // bit t: terrain type t is excluded
    struct Entry {
        Entry(const GridMap& original, const MovementRules& rules)
            : map(original), space(map, rules) {}
        Mask mask{};
        std::uint64_t map_revision = 0;
        std::uint64_t link_revision = 0;
        GridMap map;
        GridSpace space;
    };
    static constexpr std::size_t kept = 8;
    std::mutex mutex;
    std::vector<std::shared_ptr<Entry>> entries;  // the most recently used last
};

Heuristic heuristic_for(const MovementRules& rules) {
    if (rules.heuristic) return *rules.heuristic;
    return rules.diagonal == DiagonalPolicy::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

GridSpace::GridSpace(const GridMap& map, MovementRules rules)
    : map_(&map),
      rules_(rules),
      rules_status_(validate(rules)),
      heuristic_(heuristic_for(rules)),
      jump_point_index_(std::make_unique<JumpPointIndexCache>()),
      filtered_(std::make_unique<FilteredSpaces>()) {
    const std::int32_t stride = map.stride();
    const std::int32_t offsets[8] = {1,          stride,     -1,          -stride,
                                     stride + 1, stride - 1, -stride - 1, -stride + 1};
    std::copy(std::begin(offsets), std::end(offsets), offsets_);
    for (unsigned open = 0; open < 16; ++open) {
        for (unsigned diagonal = 0; diagonal < 4; ++diagonal) {
            const bool first = (open >> diagonal) & 1u;
            const bool second = (open >> ((diagonal + 1) % 4)) & 1u;
            bool allowed = false;
            switch (rules.diagonal) {
                case DiagonalPolicy::Never:
                    allowed = false;
                    break;
                case DiagonalPolicy::Always:
                    allowed = true;
                    break;
                case DiagonalPolicy::AtLeastOneWalkable:
                    allowed = first || second;
                    break;
                case DiagonalPolicy::NoCornerCutting:
                    allowed = first && second;
                    break;
            }
            if (allowed) allowed_diagonals_[open] |= static_cast<std::uint8_t>(1u << diagonal);
        }
    }
    const Cost straight = rules.straight_cost;
    const Cost diagonal = rules.diagonal_cost;
    if (diagonal < straight) {
        // Two diagonals can replace a straight step: only the step count bounds the cost.
        octile_straight_ = diagonal;
    } else {
        octile_straight_ = straight;
        octile_extra_ = std::min(diagonal, 2 * straight) - straight;
    }
    refresh();
}

GridSpace::GridSpace(const GridSpace& other)
    : map_(other.map_),
      rules_(other.rules_),
      rules_status_(other.rules_status_),
      heuristic_(other.heuristic_),
      octile_straight_(other.octile_straight_),
      octile_extra_(other.octile_extra_),
      fit_table_(other.fit_table_),
      fit_revision_(other.fit_revision_),
      jump_point_index_(std::make_unique<JumpPointIndexCache>()),
      goal_bounds_(other.goal_bounds_),
      goal_bounds_revision_(other.goal_bounds_revision_),
      goal_bounds_link_revision_(other.goal_bounds_link_revision_),
      links_(other.links_),
      link_edges_(other.link_edges_),
      link_starts_(other.link_starts_),
      link_ends_(other.link_ends_),
      next_link_id_(other.next_link_id_),
      link_revision_(other.link_revision_),
      link_estimate_(other.link_estimate_),
      filtered_(std::make_unique<FilteredSpaces>()) {
    std::copy(std::begin(other.offsets_), std::end(other.offsets_), offsets_);
    std::copy(std::begin(other.allowed_diagonals_), std::end(other.allowed_diagonals_),
              allowed_diagonals_);
    // The fit table moved with the copy; the map's own bytes did not.
    fits_ = other.fits_ == other.fit_table_.data() ? fit_table_.data() : other.fits_;
}

GridSpace& GridSpace::operator=(const GridSpace& other) {
    if (this != &other) {
        GridSpace copy(other);
        *this = std::move(copy);
    }
    return *this;
}

// The index points at the space that built it: a moved space finds it is not its own and
// builds another.
GridSpace::GridSpace(GridSpace&&) noexcept = default;
GridSpace& GridSpace::operator=(GridSpace&&) noexcept = default;
GridSpace::~GridSpace() = default;

Expected<std::shared_ptr<const StaticGridIndex>> GridSpace::jump_point_index() const {
    PATHKIT_ASSERT(jump_point_index_ != nullptr);  // only a moved-from space has none
    const std::lock_guard lock(jump_point_index_->mutex);
    std::shared_ptr<StaticGridIndex>& index = jump_point_index_->index;
    // Tiles change only between queries, so nobody reads the index while it is repaired.
    if (index && &index->space() == this && index->repair())
        return std::shared_ptr<const StaticGridIndex>(index);
    index.reset();  // the old one goes before the new one is built
    auto built = StaticGridIndex::build(*this);
    if (!built) return built.error();
    index = std::make_shared<StaticGridIndex>(std::move(built).value());
    return std::shared_ptr<const StaticGridIndex>(index);
}

Status GridSpace::use_goal_bounds(std::shared_ptr<const GoalBounds> bounds) {
    if (bounds != nullptr) {
        if (Status fits = bounds->check_fits(*this); !fits) return fits;
    }
    goal_bounds_ = std::move(bounds);
    goal_bounds_revision_ = map_->revision();
    goal_bounds_link_revision_ = link_revision_;
    return {};
}

const GoalBounds* GridSpace::goal_bounds() const {
    const bool current =
        map_->revision() == goal_bounds_revision_ && link_revision_ == goal_bounds_link_revision_;
    return current ? goal_bounds_.get() : nullptr;
}

void GridSpace::refresh() {
    const auto changed = map_->changes_since(fit_revision_);
    const bool had_table = !fit_table_.empty() && fits_ == fit_table_.data();
    fit_revision_ = map_->revision();
    if (rules_.agent_size <= 1 || !rules_status_) {
        fits_ = map_->walkable_data();
        fit_table_.clear();
        return;
    }
    // A changed tile changes the fit of the squares holding it: size x size tiles, each
    // checked over size x size tiles. Cheaper than the whole table for a few changes.
    const std::size_t side = static_cast<std::size_t>(rules_.agent_size);
    if (had_table && changed && changed->size() * side * side * side * side < map_->padded_size())
        repair_fit_table(*changed);
    else
        build_fit_table();
    fits_ = fit_table_.data();
}

void GridSpace::repair_fit_table(std::span<const std::uint32_t> changed) {
    const int stride = map_->stride(), size = rules_.agent_size;
    const int width = map_->width(), height = map_->height();
    const std::uint8_t* walkable = map_->walkable_data();
    const auto fits = [&](int column, int row) {
        if (column + size - 1 > width || row + size - 1 > height) return false;
        for (int y = row; y < row + size; ++y)
            for (int x = column; x < column + size; ++x)
                if (!walkable[static_cast<std::size_t>(y) * stride + x]) return false;
        return true;
    };
    for (const std::uint32_t tile : changed) {
        const int row = static_cast<int>(tile) / stride, column = static_cast<int>(tile) % stride;
        for (int y = std::max(1, row - size + 1); y <= row; ++y)
            for (int x = std::max(1, column - size + 1); x <= column; ++x)
                fit_table_[static_cast<std::size_t>(y) * stride + x] = fits(x, y) ? 1 : 0;
    }
}

void GridSpace::build_fit_table() {
    // Clearance: the side of the largest walkable square whose top-left tile is this one,
    // computed from the bottom-right corner (the border is blocked, so squares stay inside).
    const int stride = map_->stride();
    const int rows = static_cast<int>(map_->padded_size()) / stride;
    const std::uint8_t* walkable = map_->walkable_data();
    std::vector<std::uint8_t> clearance(map_->padded_size(), 0);
    for (int row = rows - 2; row >= 1; --row) {
        for (int column = stride - 2; column >= 1; --column) {
            const std::size_t here = static_cast<std::size_t>(row) * stride + column;
            if (!walkable[here]) continue;
            const int smallest = std::min(
                {clearance[here + 1], clearance[here + stride], clearance[here + stride + 1]});
            clearance[here] = static_cast<std::uint8_t>(std::min(smallest + 1, 255));
        }
    }
    fit_table_.assign(clearance.size(), 0);
    for (std::size_t index = 0; index < clearance.size(); ++index) {
        fit_table_[index] = clearance[index] >= rules_.agent_size ? 1 : 0;
    }
}

Status GridSpace::check_endpoint(Cell cell, const char* role) const {
    if (!rules_status_) return rules_status_;
    if (!map_->contains(cell)) {
        return Status::invalid_input(std::string(role) + " " + to_string(cell) +
                                     " is outside the map");
    }
    if (rules_.agent_size > 1 && fit_revision_ != map_->revision()) {
        return Status::invalid_input("the map changed since the space was built; call refresh()");
    }
    if (!fits_[map_->index(cell)]) {
        return Status::invalid_input(
            std::string(role) + " " + to_string(cell) +
            (rules_.agent_size > 1 ? " has no room for the unit" : " is blocked"));
    }
    return {};
}

GridPath GridSpace::find_path_by_jump_points(Cell from, Cell to, SearchContext& context,
                                             const SearchOptions& options, PathShape shape) const {
    const auto refuse = [](std::string why) {
        GridPath refused;
        refused.status = SearchStatus::InvalidInput;
        refused.message = std::move(why);
        return refused;
    };
    SearchOptions engine = options;
    engine.algorithm = SearchAlgorithm::AStar;  // jump points are searched by A*
    if (const std::string refusal = jump_point_search_refusal(*this, engine); !refusal.empty())
        return refuse(std::string(to_string(options.algorithm)) + " cannot run here: " + refusal +
                      "; astar, dijkstra and bfs can");
    // The refusal is asked once, here: the searches below check only the endpoints.
    if (options.algorithm == SearchAlgorithm::Jps)
        return detail::find_path_jps_applicable(*this, from, to, context, engine, shape);
    const auto index = jump_point_index();
    if (!index) return refuse(index.error().message());
    if (const GoalBounds* bounds = goal_bounds())
        return index.value()->find_path(from, to, *bounds, context, engine, shape);
    return detail::find_path_jps_plus_applicable(*index.value(), from, to, context, engine, shape);
}

GridPath GridSpace::find_path_unfiltered(Cell from, Cell to, SearchContext& context,
                                         const SearchOptions& options, PathShape shape) const {
    if (runs_on_grids_only(options.algorithm))
        return find_path_by_jump_points(from, to, context, options, shape);
    for (const auto& [cell, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (auto status = check_endpoint(cell, role); !status) {
            GridPath refused;
            refused.status = SearchStatus::InvalidInput;
            refused.message = status.message();
            return refused;
        }
    }
    const auto to_cell = [this](StateId state) { return map_->cell(state.value); };
    if (!has_links()) {
        const SingleGoal problem(*this, StateId(map_->index(to)));
        GridPath result = convert_path<Cell>(
            pathkit::find_path(problem, StateId(map_->index(from)), context, options), to_cell);
        if (shape == PathShape::Turns) result.path = compress_path(result.path);
        return result;
    }
    const detail::LinkBound bound(*this, map_->index(to));
    const detail::LinkedGoal problem(*this, map_->index(to), bound);
    SearchResult search = pathkit::find_path(problem, StateId(map_->index(from)), context, options);
    std::vector<GridLinkId> steps = detail::link_steps(*this, search.path, context);
    GridPath result = convert_path<Cell>(std::move(search), to_cell);
    detail::shape_walks(result.path, steps, [shape](std::vector<Cell>& walk) {
        if (shape == PathShape::Turns) compress_path_in_place(walk);
    });
    result.links = std::move(steps);
    return result;
}

GridPath GridSpace::find_path(Cell from, Cell to, SearchContext& context,
                              const SearchOptions& options, PathShape shape,
                              const TerrainFilter& filter) const {
    if (filter.empty()) return find_path_unfiltered(from, to, context, options, shape);
    const auto refuse = [](std::string why) {
        GridPath refused;
        refused.status = SearchStatus::InvalidInput;
        refused.message = std::move(why);
        return refused;
    };
    FilteredSpaces::Mask mask{};
    for (const TerrainType type : filter.excluded) {
        if (type >= map_->terrain_type_count()) {
            std::string known;
            for (int t = 0; t < map_->terrain_type_count(); ++t)
                known += (t > 0 ? ", " : "") + std::to_string(t) + " " +
                         std::string(map_->terrain_type_name(static_cast<TerrainType>(t)));
            return refuse("terrain filter: type " + std::to_string(type) +
                          " is not a terrain type of the map (it has " + known + ")");
        }
        mask[type / 64] |= std::uint64_t{1} << (type % 64);
    }
    for (const auto& [cell, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (auto status = check_endpoint(cell, role); !status) return refuse(status.message());
        const TerrainType type = map_->terrain_type(cell);
        if ((mask[type / 64] >> (type % 64)) & 1u)
            return refuse(std::string(role) + " " + to_string(cell) + " is on terrain \"" +
                          std::string(map_->terrain_type_name(type)) +
                          "\", which the filter excludes");
    }
    // Every tile is ground, which the filter lets through (or the start would be refused).
    if (map_->terrain_type_data() == nullptr)
        return find_path_unfiltered(from, to, context, options, shape);
    std::shared_ptr<FilteredSpaces::Entry> entry;
    {
        const std::lock_guard lock(filtered_->mutex);
        auto& entries = filtered_->entries;
        const auto found = std::find_if(entries.begin(), entries.end(), [&](const auto& kept) {
            return kept->mask == mask && kept->map_revision == map_->revision() &&
                   kept->link_revision == link_revision_;
        });
        if (found != entries.end()) {
            entry = *found;
            entries.erase(found);
        } else {
            // The map with the excluded tiles walled, under the same rules and links.
            entry = std::make_shared<FilteredSpaces::Entry>(*map_, rules_);
            entry->mask = mask;
            entry->map_revision = map_->revision();
            entry->link_revision = link_revision_;
            if (const std::uint8_t* types = map_->terrain_type_data()) {
                for (int y = 0; y < map_->height(); ++y) {
                    for (int x = 0; x < map_->width(); ++x) {
                        const Cell cell{map_->origin().x + x, map_->origin().y + y};
                        const TerrainType type = types[map_->index(cell)];
                        if ((mask[type / 64] >> (type % 64)) & 1u)
                            (void)entry->map.set_walkable(cell, false);
                    }
                }
            }
            entry->space.refresh();
            GridSpace& copy = entry->space;
            copy.links_ = links_;
            copy.link_edges_ = link_edges_;
            copy.link_ends_ = link_ends_;
            copy.next_link_id_ = next_link_id_;
            copy.link_revision_ = link_revision_;
            copy.link_estimate_ = link_estimate_;
            copy.link_starts_.reset();
            if (link_starts_) {
                // The copy's own log, so its jump point index sees every start.
                copy.link_starts_ =
                    GridMap::create(map_->width(), map_->height(), map_->origin(), false).value();
                for (const GridLinkEdge& edge : link_edges_)
                    (void)copy.link_starts_->set_walkable(map_->cell(edge.from), true);
            }
            if (entries.size() == FilteredSpaces::kept) entries.erase(entries.begin());
        }
        entries.push_back(entry);
    }
    return entry->space.find_path_unfiltered(from, to, context, options, shape);
}

Expected<GridLinkId> GridSpace::add_link(Cell from, Cell to, GridLinkOptions options) {
    for (const auto& [cell, role] : {std::pair{from, "start"}, std::pair{to, "end"}}) {
        if (!map_->contains(cell))
            return Status::invalid_input("link " + std::string(role) + " " + to_string(cell) +
                                         " is outside the map");
        if (!map_->is_walkable(cell))
            return Status::invalid_input("link " + std::string(role) + " " + to_string(cell) +
                                         " is not walkable");
    }
    if (from == to)
        return Status::invalid_input("link start and end are the same tile " + to_string(from));
    if (!(options.cost >= 0) || !(options.cost < infinite_cost))
        return Status::invalid_input("link cost " + to_text(options.cost) +
                                     " is not a finite number >= 0");
    const GridLinkId id(next_link_id_++);
    links_.push_back({id, from, to, options.cost, options.bidirectional, std::move(options.name)});
    if (!link_starts_)
        link_starts_ =
            GridMap::create(map_->width(), map_->height(), map_->origin(), false).value();
    if (link_ends_.empty()) link_ends_.assign(map_->padded_size(), 0);
    const auto add_move = [&](Cell a, Cell b) {
        const GridLinkEdge edge{map_->index(a), map_->index(b), links_.back().cost, id};
        const auto at = std::upper_bound(
            link_edges_.begin(), link_edges_.end(), edge,
            [](const GridLinkEdge& x, const GridLinkEdge& y) { return x.from < y.from; });
        link_edges_.insert(at, edge);
        (void)link_starts_->set_walkable(a, true);
        link_ends_[edge.to] = 1;
    };
    add_move(from, to);
    if (options.bidirectional) add_move(to, from);
    ++link_revision_;
    return id;
}

Status GridSpace::remove_link(GridLinkId id) {
    const auto found = std::find_if(links_.begin(), links_.end(),
                                    [id](const GridLink& link) { return link.id == id; });
    if (!id.is_valid() || found == links_.end())
        return Status::invalid_input(
            "link " + (id.is_valid() ? std::to_string(id.value) : std::string("(invalid id)")) +
            " does not exist");
    const GridLink removed = *found;
    links_.erase(found);
    std::erase_if(link_edges_, [id](const GridLinkEdge& edge) { return edge.link == id; });
    for (const Cell cell : {removed.from, removed.to}) {
        const std::uint32_t index = map_->index(cell);
        (void)link_starts_->set_walkable(cell, !links_from(index).empty());
        link_ends_[index] = std::any_of(link_edges_.begin(), link_edges_.end(),
                                        [index](const GridLinkEdge& e) { return e.to == index; })
                                ? 1
                                : 0;
    }
    ++link_revision_;
    return {};
}

const GridLink* GridSpace::link(GridLinkId id) const {
    const auto found = std::find_if(links_.begin(), links_.end(),
                                    [id](const GridLink& link) { return link.id == id; });
    return found == links_.end() ? nullptr : &*found;
}

std::span<const GridLinkEdge> GridSpace::links_from(std::uint32_t index) const {
    const auto [first, last] = std::equal_range(
        link_edges_.begin(), link_edges_.end(), GridLinkEdge{index, 0, 0, {}},
        [](const GridLinkEdge& x, const GridLinkEdge& y) { return x.from < y.from; });
    // From a pointer and a count: the WebAssembly build's standard library has no span
    // constructor from an iterator pair.
    return std::span<const GridLinkEdge>(link_edges_.data() + (first - link_edges_.begin()),
                                         static_cast<std::size_t>(last - first));
}

}  // namespace pathkit
