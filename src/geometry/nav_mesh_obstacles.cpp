// NavMesh's obstacles: adding, removing and moving them, noting what a repair must redo, and
// finding those near a place.
#include <algorithm>
#include <cmath>
#include <string>

#include "inflation.hpp"
#include "nav_mesh_parts.hpp"
#include "nav_mesh_sizes.hpp"
#include "pathkit/core/assert.hpp"
#include "shape_checks.hpp"

namespace pathkit {

Expected<std::vector<ObstacleId>> NavMesh::add_obstacles(std::span<const Obstacle> obstacles) {
    const auto lock = lock_for_editing();
    std::vector<ObstacleEntry> fresh;
    for (std::size_t index = 0; index < obstacles.size(); ++index) {
        auto grown =
            geometry::grow_checked(obstacles[index], options_.buffer_radius, options_.corners,
                                   "obstacle " + std::to_string(index) + ": ");
        if (!grown) return grown.error();
        if (Status status = check_for_radius_classes(obstacles[index],
                                                     "obstacle " + std::to_string(index) + " ");
            !status)
            return status;
        const geometry::FixedBox box = geometry::box_of(grown.value());
        fresh.push_back({obstacles[index], std::move(grown).value(), box, true});
    }
    std::vector<ObstacleId> ids;
    for (ObstacleEntry& entry : fresh) {
        note_changed(entry);
        note_arrived(static_cast<std::uint32_t>(obstacles_.size()));
        const auto number = static_cast<std::uint32_t>(obstacles_.size());
        ids.push_back(ObstacleId(number));
        obstacles_.push_back(std::move(entry));
        file_obstacle(number, true);
    }
    dirty_ = dirty_ || !ids.empty();
    edit_radius_classes([&](NavMesh& mesh) {
        [[maybe_unused]] const auto added = mesh.add_obstacles(obstacles);
        PATHKIT_ASSERT(added && added.value() == ids);
    });
    return ids;
}

Status NavMesh::remove_obstacles(std::span<const ObstacleId> obstacles) {
    const auto lock = lock_for_editing();
    for (ObstacleId id : obstacles) {
        if (id.index() >= obstacles_.size() || !obstacles_[id.index()].alive)
            return Status::invalid_input("obstacle " + std::to_string(id.value) +
                                         " is not in the mesh");
    }
    for (ObstacleId id : obstacles) {
        file_obstacle(id.value, false);
        obstacles_[id.index()].alive = false;
        note_freed(obstacles_[id.index()]);
    }
    dirty_ = dirty_ || !obstacles.empty();
    edit_radius_classes([&](NavMesh& mesh) {
        [[maybe_unused]] const Status removed = mesh.remove_obstacles(obstacles);
        PATHKIT_ASSERT(removed.ok());
    });
    return {};
}

Status NavMesh::move_obstacle(ObstacleId obstacle, Point2 offset) {
    const auto lock = lock_for_editing();
    if (obstacle.index() >= obstacles_.size() || !obstacles_[obstacle.index()].alive)
        return Status::invalid_input("obstacle " + std::to_string(obstacle.value) +
                                     " is not in the mesh");
    if (!std::isfinite(offset.x) || !std::isfinite(offset.y))
        return Status::invalid_input("the offset " + to_string(offset) + " is not finite");
    ObstacleEntry& entry = obstacles_[obstacle.index()];
    const Obstacle moved = entry.shape.moved_by(offset);
    auto grown = geometry::grow_checked(moved, options_.buffer_radius, options_.corners,
                                        "obstacle " + std::to_string(obstacle.value) + " moved: ");
    if (!grown) return grown.error();
    if (Status status = check_for_radius_classes(
            moved, "obstacle " + std::to_string(obstacle.value) + " moved ");
        !status)
        return status;
    note_freed(entry);
    file_obstacle(obstacle.value, false);
    entry.shape = moved;
    entry.grown = std::move(grown).value();
    entry.box = geometry::box_of(entry.grown);
    file_obstacle(obstacle.value, true);
    note_changed(entry);
    note_arrived(obstacle.value);
    dirty_ = true;
    edit_radius_classes([&](NavMesh& mesh) {
        [[maybe_unused]] const Status done = mesh.move_obstacle(obstacle, offset);
        PATHKIT_ASSERT(done.ok());
    });
    return {};
}

void NavMesh::remove_all_obstacles() {
    const auto lock = lock_for_editing();
    for (ObstacleEntry& entry : obstacles_)
        entry.alive = false;
    for (std::vector<std::uint32_t>& cell : obstacle_cells_)
        cell.clear();
    dirty_ = true;
    pending_everywhere_ = true;
    pending_freed_.clear();
    pending_arrived_.clear();
    edit_radius_classes([](NavMesh& mesh) { mesh.remove_all_obstacles(); });
}

/// Most changed boxes kept apart between two repairs; beyond, they merge into one.
constexpr std::size_t max_pending_changes = 256;

void NavMesh::note_changed(const ObstacleEntry& entry) {
    pending_changes_.push_back(
        {entry.box.min.x, entry.box.min.y, entry.box.max.x, entry.box.max.y});
    if (pending_changes_.size() <= max_pending_changes) return;
    std::array<std::int64_t, 4> all = pending_changes_.front();
    for (const auto& box : pending_changes_)
        all = {std::min(all[0], box[0]), std::min(all[1], box[1]), std::max(all[2], box[2]),
               std::max(all[3], box[3])};
    pending_changes_.assign(1, all);
}

/// Most obstacles that came or left kept between two repairs; beyond, the next `update()`
/// rebuilds (and says the change was everywhere), so edits without repairs hold no more.
constexpr std::size_t max_pending_obstacles = 4096;

void NavMesh::note_freed(const ObstacleEntry& entry) {
    note_changed(entry);
    if (!pending_everywhere_) pending_freed_.push_back(entry);
    forget_pending_past_limit();
}

void NavMesh::note_arrived(std::uint32_t obstacle) {
    if (!pending_everywhere_) pending_arrived_.push_back(obstacle);
    forget_pending_past_limit();
}

void NavMesh::forget_pending_past_limit() {
    if (pending_freed_.size() + pending_arrived_.size() <= max_pending_obstacles) return;
    pending_everywhere_ = true;
    pending_freed_.clear();
    pending_arrived_.clear();
}

// The obstacle grid: `obstacle_grid_side` x `obstacle_grid_side` cells over the bounds, each
// listing the obstacles in the mesh whose grown box meets it.
constexpr std::int64_t obstacle_grid_side = 64;

template <class Visit>
void NavMesh::for_each_obstacle_cell(const geometry::FixedBox& box, Visit&& visit) const {
    if (box.max.x < bounds_[0] || box.min.x > bounds_[2] || box.max.y < bounds_[1] ||
        box.min.y > bounds_[3])
        return;
    const auto cell_of = [&](std::int64_t value, int axis) {
        const std::int64_t extent = bounds_[axis + 2] - bounds_[axis] + 1;
        const std::int64_t side = (extent + obstacle_grid_side - 1) / obstacle_grid_side;
        return (std::clamp(value, bounds_[axis], bounds_[axis + 2]) - bounds_[axis]) / side;
    };
    for (std::int64_t row = cell_of(box.min.y, 1); row <= cell_of(box.max.y, 1); ++row)
        for (std::int64_t column = cell_of(box.min.x, 0); column <= cell_of(box.max.x, 0); ++column)
            visit(static_cast<std::size_t>(row * obstacle_grid_side + column));
}

void NavMesh::file_obstacle(std::uint32_t obstacle, bool in) {
    if (obstacle_cells_.empty())
        obstacle_cells_.resize(static_cast<std::size_t>(obstacle_grid_side * obstacle_grid_side));
    for_each_obstacle_cell(obstacles_[obstacle].box, [&](std::size_t cell) {
        std::vector<std::uint32_t>& listed = obstacle_cells_[cell];
        if (in) {
            listed.push_back(obstacle);
        } else if (const auto at = std::find(listed.begin(), listed.end(), obstacle);
                   at != listed.end()) {
            *at = listed.back();
            listed.pop_back();
        }
    });
}

std::vector<std::uint32_t> NavMesh::obstacles_meeting(const geometry::FixedBox& box) const {
    std::vector<std::uint32_t> found;
    if (obstacle_cells_.empty()) return found;
    for_each_obstacle_cell(box, [&](std::size_t cell) {
        for (const std::uint32_t obstacle : obstacle_cells_[cell]) {
            const geometry::FixedBox& other = obstacles_[obstacle].box;
            if (other.min.x <= box.max.x && box.min.x <= other.max.x && other.min.y <= box.max.y &&
                box.min.y <= other.max.y)
                found.push_back(obstacle);
        }
    });
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

}  // namespace pathkit
