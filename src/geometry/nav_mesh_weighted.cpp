// NavMesh queries over weighted ground: the shortest path's weighted cost, and an A* over
// points on the triangles' edges (a Steiner graph, made as the search reaches it).
//
// Bound (stated in nav_mesh.hpp): take the optimal path and move each point where it crosses
// a triangle edge to the nearest of the points placed on that edge (its corners included): at
// most half a spacing, and a spacing is at most the edge's length over (points_per_edge + 1).
// Each piece of the path inside a triangle then runs between two graph points of that
// triangle, straight (the triangle is convex), at most a spacing longer at its cost; the turns
// of the optimal path at corners are graph points already. So the graph's best path costs at
// most the optimum plus, per triangle crossed, its cost times its longest edge over
// (points_per_edge + 1).
#include <algorithm>
#include <cmath>

#include "exact_predicates.hpp"
#include "nav_mesh_areas.hpp"
#include "nav_mesh_parts.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/search/search.hpp"
#include "polyanya_search.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
using Vec = std::array<double, 2>;

double length(Vec a, Vec b) {
    const double dx = a[0] - b[0], dy = a[1] - b[1];
    return std::sqrt(dx * dx + dy * dy);  // no overflow within the coordinate range
}
}  // namespace

std::shared_ptr<const geometry::MeshEdgeFrame> NavMesh::edge_frame() const {
    const std::lock_guard guard(*area_cache_lock_);
    if (!area_cache_) area_cache_ = std::make_shared<AreaCache>();
    if (area_cache_->frame) return area_cache_->frame;
    auto frame = std::make_shared<geometry::MeshEdgeFrame>();
    const std::size_t count = triangle_corners_.size();
    frame->edge_of.assign(count, {none, none, none});
    for (std::uint32_t triangle = 0; triangle < count; ++triangle)
        for (int edge = 0; edge < 3; ++edge) {
            if (frame->edge_of[triangle][edge] != none) continue;
            const std::uint32_t a = triangle_corners_[triangle][(edge + 1) % 3];
            const std::uint32_t b = triangle_corners_[triangle][(edge + 2) % 3];
            const auto number = static_cast<std::uint32_t>(frame->edge_ends.size());
            frame->edge_ends.push_back({std::min(a, b), std::max(a, b)});
            frame->edge_of[triangle][edge] = number;
            const std::uint32_t across = triangle_neighbours_[triangle][edge];
            frame->edge_sides.push_back({triangle, across});
            if (across == none) continue;
            for (int back = 0; back < 3; ++back)
                if (triangle_neighbours_[across][back] == triangle)
                    frame->edge_of[across][back] = number;
        }
    const auto fill = [](std::size_t rows, auto&& row_of, std::vector<std::uint32_t>& starts,
                         std::vector<std::uint32_t>& list, std::size_t triangles) {
        starts.assign(rows + 1, 0);
        for (std::uint32_t triangle = 0; triangle < triangles; ++triangle)
            row_of(triangle, [&](std::uint32_t row) { ++starts[row + 1]; });
        for (std::size_t row = 0; row < rows; ++row)
            starts[row + 1] += starts[row];
        list.resize(starts[rows]);
        std::vector<std::uint32_t> next(starts.begin(), starts.end() - 1);
        for (std::uint32_t triangle = 0; triangle < triangles; ++triangle)
            row_of(triangle, [&](std::uint32_t row) { list[next[row]++] = triangle; });
    };
    fill(
        vertices_.size(),
        [&](std::uint32_t triangle, auto&& add) {
            for (const std::uint32_t vertex : triangle_corners_[triangle])
                add(vertex);
        },
        frame->vertex_starts, frame->vertex_triangles, count);
    fill(
        max_area_type + 1,
        [&](std::uint32_t triangle, auto&& add) { add(triangle_type_[triangle]); },
        frame->type_starts, frame->type_triangles, count);
    area_cache_->frame = frame;
    return frame;
}

namespace {

/// The search over graph points, a dense space of the one engine: state v < vertices is a mesh
/// corner, then `points` states per edge, then the start and the goal. A step runs straight
/// inside one triangle between two of its points and costs its length times the triangle's
/// cost.
class SteinerSpace {
  public:
    SteinerSpace(std::span<const std::array<std::int64_t, 2>> vertices,
                 std::span<const std::array<std::uint32_t, 3>> corners,
                 std::span<const AreaType> types, const geometry::MeshEdgeFrame& frame,
                 const AreaFilter& filter, Point2 from, Point2 to,
                 std::span<const std::uint32_t> starts, std::span<const std::uint32_t> goals)
        : vertices_(vertices),
          corners_(corners),
          types_(types),
          frame_(frame),
          filter_(filter),
          points_(filter.points_per_edge),
          edge_base_(vertices.size()),
          start_(edge_base_ + frame.edge_ends.size() * points_),
          goal_(start_ + 1),
          from_{from.x, from.y},
          to_{to.x, to.y},
          starts_(starts),
          goals_(goals) {}

    [[nodiscard]] std::size_t state_count() const { return goal_ + 1; }
    [[nodiscard]] bool is_valid(StateId) const { return true; }

    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        const StateKey key = state.value;
        const Vec at = position(key);
        const StateKey own_edge =
            key >= edge_base_ && key < start_ ? (key - edge_base_) / points_ : ~StateKey{0};
        const auto in_triangle = [&](std::uint32_t triangle) {
            if (filter_.excludes(types_[triangle])) return;
            const double cost = filter_.costs[types_[triangle]];
            const auto step = [&](StateKey next) {
                if (next != key)
                    visit(StateId(static_cast<std::uint32_t>(next)),
                          static_cast<Cost>(cost * length(at, position(next))));
            };
            for (const std::uint32_t vertex : corners_[triangle])
                step(vertex);
            // Never along the edge a point lies on: straight to where it goes next, in
            // either triangle of that edge, is as cheap (the triangle is convex).
            for (const std::uint32_t edge : frame_.edge_of[triangle])
                if (edge != own_edge)
                    for (std::uint32_t point = 0; point < points_; ++point)
                        step(edge_base_ + StateKey{edge} * points_ + point);
            if (std::find(goals_.begin(), goals_.end(), triangle) != goals_.end()) step(goal_);
        };
        if (key == start_) {
            for (const std::uint32_t triangle : starts_)
                in_triangle(triangle);
        } else if (key < edge_base_) {
            for (std::uint32_t at_list = frame_.vertex_starts[key];
                 at_list < frame_.vertex_starts[key + 1]; ++at_list)
                in_triangle(frame_.vertex_triangles[at_list]);
        } else {
            for (const std::uint32_t triangle : frame_.edge_sides[(key - edge_base_) / points_])
                if (triangle != none) in_triangle(triangle);
        }
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return static_cast<Cost>(length(position(state.value), to_));  // every cost is >= 1
    }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_; }
    [[nodiscard]] StateId start() const { return StateId(static_cast<std::uint32_t>(start_)); }

    [[nodiscard]] Vec position(StateKey key) const {
        if (key == start_) return from_;
        if (key == goal_) return to_;
        if (key < edge_base_) return corner(static_cast<std::uint32_t>(key));
        const auto edge = static_cast<std::size_t>((key - edge_base_) / points_);
        const double along = static_cast<double>((key - edge_base_) % points_ + 1) /
                             static_cast<double>(points_ + 1);
        const Vec a = corner(frame_.edge_ends[edge][0]), b = corner(frame_.edge_ends[edge][1]);
        return {a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along};
    }

  private:
    [[nodiscard]] Vec corner(std::uint32_t vertex) const {
        return {static_cast<double>(vertices_[vertex][0]) / geometry::fixed_scale,
                static_cast<double>(vertices_[vertex][1]) / geometry::fixed_scale};
    }

    std::span<const std::array<std::int64_t, 2>> vertices_;
    std::span<const std::array<std::uint32_t, 3>> corners_;
    std::span<const AreaType> types_;
    const geometry::MeshEdgeFrame& frame_;
    const AreaFilter& filter_;
    StateKey points_, edge_base_, start_, goal_;
    Vec from_, to_;
    std::span<const std::uint32_t> starts_, goals_;
};

}  // namespace

PlanePath NavMesh::find_weighted_path(Point2 from, Point2 to, std::span<const std::uint32_t> starts,
                                      std::span<const std::uint32_t> goals,
                                      std::span<const std::array<std::uint32_t, 3>> neighbours,
                                      const AreaFilter& filter, PlaneQueryContext& context,
                                      const SearchOptions& options, PlanePath&& shortest) const {
    const std::shared_ptr<const geometry::MeshEdgeFrame> frame = edge_frame();
    // The shortest path's weighted cost: its length, plus per weighted triangle what each
    // piece inside it costs beyond walking. A piece along an edge costs the cheaper side's
    // rate (each side adds half of its excess over 1; a wall side adds the whole).
    const auto rate = [&](std::uint32_t triangle) {
        return static_cast<double>(filter.costs[triangle_type_[triangle]]);
    };
    double total = 0;
    bool crossed_weighted = false;
    for (std::size_t piece = 0; piece + 1 < shortest.path.size(); ++piece) {
        const Vec a{shortest.path[piece].x, shortest.path[piece].y};
        const Vec b{shortest.path[piece + 1].x, shortest.path[piece + 1].y};
        total += length(a, b);
        const geometry::FixedPoint fa = geometry::to_fixed(shortest.path[piece]);
        const geometry::FixedPoint fb = geometry::to_fixed(shortest.path[piece + 1]);
        for (std::size_t type = 0; type <= max_area_type; ++type) {
            if (filter.costs[type] <= 1 || filter.excludes(static_cast<AreaType>(type))) continue;
            for (std::uint32_t at = frame->type_starts[type]; at < frame->type_starts[type + 1];
                 ++at) {
                const std::uint32_t triangle = frame->type_triangles[at];
                const auto& corners = triangle_corners_[triangle];
                // Clip a + t (b - a) to the triangle's three half-planes (inside on the left).
                double enter = 0, leave = 1;
                int along_edge = -1;
                for (int edge = 0; edge < 3 && enter <= leave; ++edge) {
                    const auto& p = vertices_[corners[(edge + 1) % 3]];
                    const auto& q = vertices_[corners[(edge + 2) % 3]];
                    const geometry::FixedPoint fp{p[0], p[1]}, fq{q[0], q[1]};
                    const int side_a = geometry::orientation(fp, fq, fa);
                    const int side_b = geometry::orientation(fp, fq, fb);
                    if (side_a == 0 && side_b == 0) {
                        along_edge = edge;
                        continue;
                    }
                    const auto cross = [&](const Vec& point) {
                        return (static_cast<double>(q[0] - p[0])) *
                                   (point[1] * geometry::fixed_scale - static_cast<double>(p[1])) -
                               (static_cast<double>(q[1] - p[1])) *
                                   (point[0] * geometry::fixed_scale - static_cast<double>(p[0]));
                    };
                    const double ca = side_a == 0 ? 0 : cross(a), cb = side_b == 0 ? 0 : cross(b);
                    if (ca < 0 && cb < 0) {
                        leave = -1;
                    } else if (ca < 0) {
                        enter = std::max(enter, ca / (ca - cb));
                    } else if (cb < 0) {
                        leave = std::min(leave, ca / (ca - cb));
                    }
                }
                if (!(enter < leave)) continue;
                double excess = rate(triangle) - 1;
                if (along_edge >= 0) {
                    const std::uint32_t across = neighbours[triangle][along_edge];
                    excess =
                        across == none ? excess : (std::min(rate(triangle), rate(across)) - 1) / 2;
                }
                if (excess <= 0) continue;
                crossed_weighted = true;
                total += excess * (leave - enter) * length(a, b);
            }
        }
    }
    shortest.cost = static_cast<Cost>(total);
    if (!crossed_weighted) return std::move(shortest);  // optimal: every cost is at least 1

    const SteinerSpace space(vertices_, triangle_corners_, triangle_type_, *frame, filter, from, to,
                             starts, goals);
    SearchOptions astar;
    astar.max_expansions = options.max_expansions;
    astar.cost_bound = shortest.cost;  // only cheaper paths are worth it
    const SearchResult found = pathkit::find_path(space, space.start(), context.search_, astar);
    shortest.stats.expanded += found.stats.expanded;
    shortest.stats.heap_pushes += found.stats.heap_pushes;
    shortest.stats.heap_pops += found.stats.heap_pops;
    shortest.stats.method = "polyanya+steiner";
    if (found.status != SearchStatus::Found || !(found.cost < shortest.cost))
        return std::move(shortest);
    PlanePath result;
    result.status = SearchStatus::Found;
    result.stats = shortest.stats;
    result.cost = found.cost;
    // The corners, without points where the path runs straight on (points on one line, in
    // order: the same ground either way, so the same cost).
    std::vector<Vec> corners;
    for (const StateId state : found.path) {
        const Vec at = space.position(state.value);
        if (corners.size() >= 2) {
            const Vec a = corners[corners.size() - 2], b = corners.back();
            const double cross = (b[0] - a[0]) * (at[1] - a[1]) - (b[1] - a[1]) * (at[0] - a[0]);
            const double along = (b[0] - a[0]) * (at[0] - b[0]) + (b[1] - a[1]) * (at[1] - b[1]);
            const double span = length(a, at);
            if (along > 0 && std::abs(cross) <= 1e-9 * span * span) corners.pop_back();
        }
        corners.push_back(at);
    }
    for (const Vec& at : corners) {
        const Point2 point{static_cast<float>(at[0]), static_cast<float>(at[1])};
        if (result.path.empty() || !(result.path.back() == point)) result.path.push_back(point);
    }
    result.path.front() = from;
    result.path.back() = to;
    return result;
}

}  // namespace pathkit
