/// Flow fields: a Dijkstra search from the goal tiles over fixed-point costs, paused between
/// queries, with its tables allocated per sector where it reaches.
#include "pathkit/grid/flow_field.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "pathkit/grid/distance_field.hpp"
#include "step_line_queue.hpp"

namespace pathkit {

namespace {

constexpr int sector_tiles = flow_sector_side * flow_sector_side;
constexpr std::uint8_t settled_bit = 0x80;
constexpr std::uint8_t reached_bit = 0x40;  // the tile's cost is written (queued or settled)
constexpr std::uint8_t direction_mask = 0x3f;
constexpr int packed_tile_bits = 27;
constexpr FlowCost packed_cost_limit = FlowCost{1} << (64 - packed_tile_bits);

}  // namespace

FlowCost flow_step_cost(float base, float terrain) {
    const double units = static_cast<double>(base) * static_cast<double>(terrain) *
                         static_cast<double>(flow_cost_scale);
    if (!(units < static_cast<double>(max_flow_step))) return max_flow_step;  // NaN too
    return static_cast<FlowCost>(std::llround(units));
}

Cell flow_offset(FlowDirection direction) {
    switch (direction) {
        case FlowDirection::East:
            return {1, 0};
        case FlowDirection::South:
            return {0, 1};
        case FlowDirection::West:
            return {-1, 0};
        case FlowDirection::North:
            return {0, -1};
        case FlowDirection::SouthEast:
            return {1, 1};
        case FlowDirection::SouthWest:
            return {-1, 1};
        case FlowDirection::NorthWest:
            return {-1, -1};
        case FlowDirection::NorthEast:
            return {1, -1};
        case FlowDirection::Goal:
        case FlowDirection::None:
            break;
    }
    return {0, 0};
}

struct FlowField::Sector {
    FlowCost cost[sector_tiles];       // read only where the state has reached_bit: never cleared
    std::uint8_t state[sector_tiles];  // settled_bit | reached_bit | FlowDirection
    Sector() {
        std::fill(std::begin(state), std::end(state),
                  static_cast<std::uint8_t>(FlowDirection::None));
    }
};

FlowField::FlowField(const GridSpace& space, std::vector<std::uint32_t> goal_tiles)
    : space_(&space),
      goal_tiles_(std::move(goal_tiles)),
      diagonal_policy_(space.rules().diagonal),
      queue_(std::make_unique<detail::StepLineQueue>(packed_tile_bits)) {
    const GridMap& map = space.map();
    const int rows = static_cast<int>(map.padded_size()) / map.stride();
    sector_columns_ = (map.stride() + flow_sector_side - 1) / flow_sector_side;
    const int sector_rows = (rows + flow_sector_side - 1) / flow_sector_side;
    sectors_.resize(static_cast<std::size_t>(sector_columns_) * sector_rows);
    restart();
}

FlowField::FlowField(FlowField&&) noexcept = default;
FlowField& FlowField::operator=(FlowField&&) noexcept = default;
FlowField::~FlowField() = default;

Expected<FlowField> FlowField::create(const GridSpace& space, Cell goal) {
    if (Status status = validate(space.rules()); !status.ok()) return status;
    if (Status status = space.check_endpoint(goal, "goal"); !status.ok()) return status;
    return FlowField(space, {space.map().index(goal)});
}

Expected<FlowField> FlowField::create(const GridSpace& space, std::span<const Cell> goals) {
    if (Status status = validate(space.rules()); !status.ok()) return status;
    if (goals.empty()) return Status::invalid_input("the goal region has no tiles");
    const GridMap& map = space.map();
    std::vector<std::uint32_t> tiles;
    tiles.reserve(goals.size());
    bool any_fits = false;
    for (const Cell goal : goals) {
        if (!map.contains(goal))
            return Status::invalid_input("goal tile " + to_string(goal) + " is outside the map");
        tiles.push_back(map.index(goal));
        any_fits = any_fits || space.is_valid(StateId(tiles.back()));
    }
    if (!any_fits)
        return Status::invalid_input("none of the " + std::to_string(goals.size()) +
                                     " goal tiles is walkable for the unit");
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    return FlowField(space, std::move(tiles));
}

std::size_t FlowField::sector_of(std::uint32_t tile, std::uint32_t& local) const {
    const GridMap& map = space_->map();
    const int row = map.padded_row(tile);
    const int column = static_cast<int>(tile) - row * map.stride();
    local = static_cast<std::uint32_t>(local_index(row, column));
    return sector_index(row, column);
}

FlowField::Sector& FlowField::sector_at(int row, int column) {
    std::unique_ptr<Sector>& sector = sectors_[sector_index(row, column)];
    if (!sector) {
        sector = std::make_unique<Sector>();
        ++allocated_sectors_;
    }
    return *sector;
}

FlowField::Sector& FlowField::sector_for(std::uint32_t tile, std::uint32_t& local) {
    const int row = space_->map().padded_row(tile);
    const int column = static_cast<int>(tile) - row * space_->map().stride();
    local = static_cast<std::uint32_t>(local_index(row, column));
    return sector_at(row, column);
}

const FlowField::Sector* FlowField::find_sector(std::uint32_t tile, std::uint32_t& local) const {
    return sectors_[sector_of(tile, local)].get();
}

std::optional<std::uint32_t> FlowField::tile_index(Cell cell) const {
    if (!space_->map().contains(cell)) return std::nullopt;
    return space_->map().index(cell);
}

void FlowField::restart() {
    for (std::unique_ptr<Sector>& sector : sectors_)
        sector.reset();
    allocated_sectors_ = 0;
    settled_ = 0;
    queue_->clear();
    far_queue_.clear();
    goals_.clear();
    revision_ = space_->map().revision();
    for (const std::uint32_t tile : goal_tiles_) {
        if (!space_->is_valid(StateId(tile))) continue;
        goals_.push_back(space_->map().cell(tile));
        std::uint32_t local = 0;
        Sector& sector = sector_for(tile, local);
        sector.cost[local] = 0;
        sector.state[local] = reached_bit | static_cast<std::uint8_t>(FlowDirection::Goal);
        push(0, tile, 0);
    }
}

bool FlowField::update() {
    const GridMap& map = space_->map();
    if (map.revision() == revision_) return false;
    const auto changes = map.changes_since(revision_);
    bool reached = !changes.has_value();
    if (!reached) {
        for_each_tile_near_changes(
            map, space_->rules().agent_size, *changes, [&](std::uint32_t tile) {
                std::uint32_t local = 0;
                const Sector* sector = find_sector(tile, local);
                // A goal tile counts as reached even while blocked: opening it starts again.
                reached = reached ||
                          (sector != nullptr && (sector->state[local] & reached_bit) != 0) ||
                          std::binary_search(goal_tiles_.begin(), goal_tiles_.end(), tile);
            });
    }
    if (reached) {
        restart();
        return true;
    }
    revision_ = map.revision();
    return false;
}

void FlowField::sync() {
    (void)update();
}

void FlowField::push(FlowCost cost, std::uint32_t tile, FlowCost step) {
    if (cost < packed_cost_limit) {
        queue_->push(cost << packed_tile_bits | tile, step);
    } else {
        far_queue_.push_back({cost, tile});
        std::push_heap(far_queue_.begin(), far_queue_.end(), std::greater<>{});
    }
}

FlowField::QueueEntry FlowField::pop() {
    if (!queue_->empty()) {
        const std::uint64_t top = queue_->pop();
        return {top >> packed_tile_bits,
                static_cast<std::uint32_t>(top & ((std::uint64_t{1} << packed_tile_bits) - 1))};
    }
    std::pop_heap(far_queue_.begin(), far_queue_.end(), std::greater<>{});
    const QueueEntry top = far_queue_.back();
    far_queue_.pop_back();
    return top;
}

void FlowField::settle_next() {
    const QueueEntry top = pop();
    const GridMap& map = space_->map();
    const int stride = map.stride();
    const int row = map.padded_row(top.tile);
    const int column = static_cast<int>(top.tile) - row * stride;
    Sector& here = *sectors_[sector_index(row, column)];
    const int here_local = local_index(row, column);
    if ((here.state[here_local] & settled_bit) != 0 || here.cost[here_local] != top.cost) return;
    here.state[here_local] |= settled_bit;
    ++settled_;
    // Every neighbour that can step onto this tile is offered this cost plus that step, which
    // costs the terrain of this tile. Grid moves go both ways, so these are the tiles this one
    // can step onto, found as `GridSpace::for_each_successor` finds them (the tests hold the
    // two to one definition of the rules).
    const float* terrain = map.terrain_data();
    const float multiplier = terrain ? terrain[top.tile] : 1.0f;
    if (multiplier != step_multiplier_ || steps_[0] == 0) {
        step_multiplier_ = multiplier;
        steps_[0] = flow_step_cost(space_->rules().straight_cost, multiplier);
        steps_[1] = flow_step_cost(space_->rules().diagonal_cost, multiplier);
    }
    const FlowCost straight = top.cost + steps_[0], diagonal = top.cost + steps_[1];
    // Away from its sector's edges a tile's neighbours are in its sector.
    const unsigned sector_row = static_cast<unsigned>(row) % flow_sector_side;
    const unsigned sector_column = static_cast<unsigned>(column) % flow_sector_side;
    constexpr unsigned inner_side = flow_sector_side - 2;
    const bool inner = sector_row - 1 < inner_side && sector_column - 1 < inner_side;
    const std::uint8_t* fits = space_->fits_data();
    const auto offer = [&](int direction, int dx, int dy) {
        Sector& there = inner ? here : sector_at(row + dy, column + dx);
        const int local =
            inner ? here_local + dy * flow_sector_side + dx : local_index(row + dy, column + dx);
        const FlowCost cost = direction < 4 ? straight : diagonal;
        if ((there.state[local] & reached_bit) == 0 || cost < there.cost[local]) {
            there.cost[local] = cost;
            // The neighbour's way goes back the other way.
            there.state[local] = static_cast<std::uint8_t>(
                reached_bit | (direction < 4 ? (direction + 2) % 4 : 4 + (direction - 2) % 4));
            push(cost, static_cast<std::uint32_t>(static_cast<int>(top.tile) + dy * stride + dx),
                 steps_[direction >= 4]);
        }
    };
    static constexpr int dx_of[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    static constexpr int dy_of[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    unsigned open = 0;
    for (int direction = 0; direction < 4; ++direction) {
        if (fits[top.tile + dy_of[direction] * stride + dx_of[direction]] == 0) continue;
        open |= 1u << direction;
        offer(direction, dx_of[direction], dy_of[direction]);
    }
    if (diagonal_policy_ == DiagonalPolicy::Never) return;
    for (int diagonal_number = 0; diagonal_number < 4; ++diagonal_number) {
        const unsigned sides =
            (open >> diagonal_number & 1u) + (open >> ((diagonal_number + 1) % 4) & 1u);
        const bool allowed =
            diagonal_policy_ == DiagonalPolicy::Always ||
            (diagonal_policy_ == DiagonalPolicy::AtLeastOneWalkable && sides >= 1) || sides == 2;
        const int direction = 4 + diagonal_number;
        if (allowed && fits[top.tile + dy_of[direction] * stride + dx_of[direction]] != 0)
            offer(direction, dx_of[direction], dy_of[direction]);
    }
}

void FlowField::settle_until(std::uint32_t tile) {
    std::uint32_t local = 0;
    const Sector* sector = find_sector(tile, local);
    while (!finished()) {
        if (sector == nullptr) sector = find_sector(tile, local);
        if (sector != nullptr && (sector->state[local] & settled_bit) != 0) return;
        settle_next();
    }
}

void FlowField::finish() {
    sync();
    while (!finished())
        settle_next();
}

FlowCost FlowField::cost(Cell cell) {
    sync();
    const auto tile = tile_index(cell);
    if (!tile || !space_->is_valid(StateId(*tile))) return flow_unreachable;
    settle_until(*tile);
    return known_cost(cell).value_or(flow_unreachable);
}

FlowDirection FlowField::direction(Cell cell) {
    sync();
    const auto tile = tile_index(cell);
    if (!tile || !space_->is_valid(StateId(*tile))) return FlowDirection::None;
    settle_until(*tile);
    return known_direction(cell).value_or(FlowDirection::None);
}

std::optional<Cell> FlowField::next_tile(Cell cell) {
    const FlowDirection step = direction(cell);
    if (step == FlowDirection::Goal || step == FlowDirection::None) return std::nullopt;
    const Cell offset = flow_offset(step);
    return Cell{cell.x + offset.x, cell.y + offset.y};
}

std::optional<std::uint32_t> FlowField::append_way(Cell cell, std::vector<Cell>& way,
                                                   const std::uint32_t* stop,
                                                   std::uint32_t stop_value,
                                                   std::size_t max_tiles) {
    if (max_tiles == 0 || direction(cell) == FlowDirection::None) return std::nullopt;
    const GridMap& map = space_->map();
    const Cell origin = map.origin();
    const int stride = map.stride();
    // Padded row, column and index of the tile, read from its sector as the way goes (the
    // sector looked up again only when the way leaves it).
    static constexpr int dx_of[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    static constexpr int dy_of[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    int row = cell.y - origin.y + 1, column = cell.x - origin.x + 1;
    std::uint32_t tile = map.index(cell);
    std::size_t sector_number = sector_index(row, column);
    const Sector* sector = sectors_[sector_number].get();
    for (;;) {
        way.push_back({column - 1 + origin.x, row - 1 + origin.y});
        if (stop != nullptr && stop[tile] == stop_value) break;
        if (--max_tiles == 0) break;
        if (const std::size_t here = sector_index(row, column); here != sector_number) {
            sector_number = here;
            sector = sectors_[here].get();
        }
        const int step = sector->state[local_index(row, column)] & direction_mask;
        if (step == static_cast<int>(FlowDirection::Goal)) break;
        column += dx_of[step];
        row += dy_of[step];
        tile =
            static_cast<std::uint32_t>(static_cast<int>(tile) + dy_of[step] * stride + dx_of[step]);
    }
    return tile;
}

std::optional<FlowCost> FlowField::known_cost(Cell cell) const {
    const auto tile = tile_index(cell);
    if (!tile) return finished() ? std::optional<FlowCost>(flow_unreachable) : std::nullopt;
    std::uint32_t local = 0;
    const Sector* sector = find_sector(*tile, local);
    if (sector != nullptr && (sector->state[local] & settled_bit) != 0) return sector->cost[local];
    if (finished()) return flow_unreachable;
    return std::nullopt;
}

std::optional<FlowDirection> FlowField::known_direction(Cell cell) const {
    const auto tile = tile_index(cell);
    if (!tile) return finished() ? std::optional(FlowDirection::None) : std::nullopt;
    std::uint32_t local = 0;
    const Sector* sector = find_sector(*tile, local);
    if (sector != nullptr && (sector->state[local] & settled_bit) != 0)
        return static_cast<FlowDirection>(sector->state[local] & direction_mask);
    if (finished()) return FlowDirection::None;
    return std::nullopt;
}

std::vector<FlowCost> FlowField::costs() const {
    const GridMap& map = space_->map();
    std::vector<FlowCost> out;
    out.reserve(static_cast<std::size_t>(map.width()) * map.height());
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            std::uint32_t local = 0;
            const Sector* sector =
                find_sector(map.index({map.origin().x + x, map.origin().y + y}), local);
            const bool settled = sector != nullptr && (sector->state[local] & settled_bit) != 0;
            out.push_back(settled ? sector->cost[local] : flow_unreachable);
        }
    return out;
}

std::vector<FlowDirection> FlowField::directions() const {
    const GridMap& map = space_->map();
    std::vector<FlowDirection> out;
    out.reserve(static_cast<std::size_t>(map.width()) * map.height());
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            std::uint32_t local = 0;
            const Sector* sector =
                find_sector(map.index({map.origin().x + x, map.origin().y + y}), local);
            const bool settled = sector != nullptr && (sector->state[local] & settled_bit) != 0;
            out.push_back(settled
                              ? static_cast<FlowDirection>(sector->state[local] & direction_mask)
                              : FlowDirection::None);
        }
    return out;
}

bool FlowField::finished() const {
    return (queue_ == nullptr || queue_->empty()) && far_queue_.empty();  // moved from: done
}

std::size_t FlowField::memory_bytes() const {
    return sizeof(FlowField) + allocated_sectors_ * sizeof(Sector) +
           sectors_.capacity() * sizeof(sectors_[0]) + sizeof(detail::StepLineQueue) +
           queue_->memory_bytes() + far_queue_.capacity() * sizeof(QueueEntry) +
           goal_tiles_.capacity() * sizeof(std::uint32_t) + goals_.capacity() * sizeof(Cell);
}

FlowFieldCache::FlowFieldCache(const GridSpace& space, std::size_t capacity)
    : space_(&space), capacity_(std::max<std::size_t>(capacity, 1)) {}

Expected<std::shared_ptr<FlowField>> FlowFieldCache::field(Cell goal) {
    return field(std::span<const Cell>(&goal, 1));
}

Expected<std::shared_ptr<FlowField>> FlowFieldCache::field(std::span<const Cell> goals) {
    std::vector<Cell> key(goals.begin(), goals.end());
    std::sort(key.begin(), key.end());
    key.erase(std::unique(key.begin(), key.end()), key.end());
    for (auto entry = entries_.begin(); entry != entries_.end(); ++entry) {
        if (entry->key != key) continue;
        entries_.splice(entries_.begin(), entries_, entry);
        return entries_.front().field;
    }
    Expected<FlowField> made =
        key.size() == 1 ? FlowField::create(*space_, key.front()) : FlowField::create(*space_, key);
    if (!made.has_value()) return made.error();
    ++made_;
    entries_.push_front({std::move(key), std::make_shared<FlowField>(std::move(made.value()))});
    if (entries_.size() > capacity_) entries_.pop_back();
    return entries_.front().field;
}

}  // namespace pathkit
