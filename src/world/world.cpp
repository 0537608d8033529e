// World: maps, edge links and doors, checked as they are added.
#include "pathkit/world/world.hpp"
#include "pathkit/core/text.hpp"

#include <cmath>

#include "route_cache.hpp"

namespace pathkit {

namespace {
Side opposite(Side side) {
    return static_cast<Side>((static_cast<int>(side) + 2) % 4);
}
}  // namespace

const char* to_string(Side side) {
    static constexpr const char* names[] = {"north", "east", "south", "west"};
    return names[static_cast<int>(side)];
}

// The cache points at no world (each call is handed one), so it moves with the maps and
// keeps its settings; a moved-from world gets a fresh one.
World::World() : routes_(std::make_unique<detail::RouteCache>()) {}
World::World(World&& other) noexcept
    : maps_(std::move(other.maps_)), rules_(other.rules_), routes_(std::move(other.routes_)) {
    other.maps_.clear();
    other.routes_ = std::make_unique<detail::RouteCache>();
}
World& World::operator=(World&& other) noexcept {
    if (this == &other) return *this;
    maps_ = std::move(other.maps_);
    rules_ = other.rules_;
    routes_ = std::move(other.routes_);
    other.maps_.clear();
    other.routes_ = std::make_unique<detail::RouteCache>();
    return *this;
}
World::~World() = default;

void World::set_rules(const MovementRules& rules) {
    rules_ = rules;
    routes_->invalidate_all();
}

Status World::set_edge_portal_spacing(int spacing) {
    if (spacing < 1 || spacing > GridMap::max_side)
        return Status::invalid_input(std::to_string(spacing) + " is outside 1.." +
                                     std::to_string(GridMap::max_side));
    routes_->spacing = spacing;
    routes_->invalidate_all();
    return {};
}

int World::edge_portal_spacing() const {
    return routes_->spacing;
}

void World::set_route_memory_limit(std::size_t bytes) {
    routes_->memory_limit = bytes;
}

std::size_t World::route_memory_limit() const {
    return routes_->memory_limit;
}

Route World::find_route(const WorldPosition& from, const WorldPosition& to,
                        SearchContext& context) const {
    return routes_->find_route(*this, from, to, context);
}

std::size_t World::portal_count() const {
    return routes_->portal_count(*this);
}

Status World::prepare_routes(MapId id, SearchContext& context) const {
    const std::size_t index = index_of(id);
    if (index == maps_.size())
        return Status::invalid_input("map " + std::to_string(id.value) + " does not exist");
    return routes_->prepare(*this, static_cast<std::uint32_t>(index), context);
}

RouteFieldCounts World::route_field_counts() const {
    return routes_->counts();
}

std::size_t World::ready_map_count() const {
    return routes_->ready_map_count();
}

std::size_t World::route_memory_estimate() const {
    return routes_->memory_estimate(*this);
}

std::size_t World::index_of(MapId id) const {
    for (std::size_t index = 0; index < maps_.size(); ++index)
        if (maps_[index].id == id) return index;
    return maps_.size();
}

const WorldMap* World::map(MapId id) const {
    const std::size_t index = index_of(id);
    return index < maps_.size() ? &maps_[index] : nullptr;
}

Status World::add_map(MapId id, std::string name, MapKind kind, GridMap grid, float cell_size) {
    if (!id.is_valid()) return Status::invalid_input("the map id is invalid");
    if (map(id))
        return Status::invalid_input("map " + std::to_string(id.value) + " already exists");
    if (!(cell_size >= min_cell_size && cell_size <= max_cell_size))
        return Status::invalid_input("map " + std::to_string(id.value) + ": cell size " +
                                     to_text(cell_size) + " is outside " + to_text(min_cell_size) +
                                     ".." + to_text(max_cell_size));
    if (name.empty()) name = "map " + std::to_string(id.value);
    WorldMap added{id, std::move(name), kind, std::move(grid), cell_size, {}, {}, {}};
    maps_.push_back(std::move(added));
    routes_->invalidate_all();
    return {};
}

Status World::link(MapId id, Side side, MapId neighbour_id, int offset) {
    const std::size_t a = index_of(id), b = index_of(neighbour_id);
    const std::string what = "map " + std::to_string(id.value) + " " + to_string(side);
    if (a == maps_.size() || b == maps_.size())
        return Status::invalid_input(what + ": map " +
                                     std::to_string((a == maps_.size() ? id : neighbour_id).value) +
                                     " does not exist");
    if (a == b) return Status::invalid_input(what + ": a map cannot be its own neighbour");
    if (maps_[a].kind != MapKind::Outdoor || maps_[b].kind != MapKind::Outdoor)
        return Status::invalid_input(what + ": only outdoor maps meet at their edges");
    const int here = static_cast<int>(side), there = static_cast<int>(opposite(side));
    const auto& taken_here = maps_[a].neighbours[here];
    const auto& taken_there = maps_[b].neighbours[there];
    if ((taken_here && *taken_here != neighbour_id) || (taken_there && *taken_there != id))
        return Status::invalid_input(what + ": that edge is already linked");
    maps_[a].neighbours[here] = neighbour_id;
    maps_[a].offsets[here] = offset;
    maps_[b].neighbours[there] = id;
    maps_[b].offsets[there] = -offset;
    routes_->invalidate_all();
    return {};
}

Status World::check_position(const WorldPosition& position, const char* role) const {
    const WorldMap* where = map(position.map);
    if (!where)
        return Status::invalid_input(std::string(role) + ": map " +
                                     std::to_string(position.map.value) + " does not exist");
    if (!where->grid.contains(position.cell))
        return Status::invalid_input(std::string(role) + " " + to_string(position.cell) +
                                     " is outside " + where->name);
    if (!where->grid.is_walkable(position.cell))
        return Status::invalid_input(std::string(role) + " " + to_string(position.cell) +
                                     " is a solid tile of " + where->name);
    return {};
}

Status World::add_door(MapId id, Cell at, MapId to, Cell spawn) {
    if (Status status = check_position({id, at}, "door"); !status) return status;
    if (Status status = check_position({to, spawn}, "spawn point"); !status) return status;
    maps_[index_of(id)].doors.push_back({at, to, spawn});
    routes_->invalidate_all();
    return {};
}

Status World::set_walkable(MapId id, Cell cell, bool walkable) {
    const std::size_t index = index_of(id);
    if (index == maps_.size())
        return Status::invalid_input("map " + std::to_string(id.value) + " does not exist");
    if (Status status = maps_[index].grid.set_walkable(cell, walkable); !status) return status;
    routes_->note_change(*this, index, cell, true);
    return {};
}

Status World::set_terrain_cost(MapId id, Cell cell, float multiplier) {
    const std::size_t index = index_of(id);
    if (index == maps_.size())
        return Status::invalid_input("map " + std::to_string(id.value) + " does not exist");
    if (Status status = maps_[index].grid.set_terrain_cost(cell, multiplier); !status)
        return status;
    routes_->note_change(*this, index, cell, false);
    return {};
}

}  // namespace pathkit
