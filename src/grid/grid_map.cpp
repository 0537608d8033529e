// GridMap: construction, tile changes that keep the byte, bit-row and bit-column views in step.
#include "pathkit/grid/grid_map.hpp"
#include "pathkit/core/text.hpp"

#include <algorithm>
#include <cmath>

namespace pathkit {

Expected<GridMap> GridMap::create(int width, int height, Cell origin, bool walkable) {
    if (width < 1 || height < 1 || width > max_side || height > max_side) {
        return Status::invalid_input("map size " + std::to_string(width) + " x " +
                                     std::to_string(height) + " is outside 1.." +
                                     std::to_string(max_side));
    }
    return GridMap(width, height, origin, walkable);
}

GridMap::GridMap(int width, int height, Cell origin, bool walkable)
    : width_(width),
      height_(height),
      origin_(origin),
      stride_(width + 2),
      row_magic_(((std::uint64_t{1} << row_shift) + static_cast<std::uint64_t>(width + 2) - 1) /
                 static_cast<std::uint64_t>(width + 2)),
      words_per_row_((width + 2) / 64 + 2),
      words_per_column_((height + 2) / 64 + 2),
      walkable_(static_cast<std::size_t>(width + 2) * (height + 2), 0),
      row_bits_(bit_guard + static_cast<std::size_t>(words_per_row_) * (height + 2), 0),
      column_bits_(bit_guard + static_cast<std::size_t>(words_per_column_) * (width + 2), 0) {
    if (!walkable) return;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x)
            write_walkable(index({origin.x + x, origin.y + y}), true);
    }
}

void GridMap::write_walkable(std::uint32_t index, bool walkable) {
    walkable_[index] = walkable ? 1 : 0;
    const int row = static_cast<int>(index) / stride_;
    const int column = static_cast<int>(index) - row * stride_;
    const auto set_bit = [walkable](std::uint64_t& word, int bit) {
        const std::uint64_t mask = std::uint64_t{1} << bit;
        word = walkable ? (word | mask) : (word & ~mask);
    };
    set_bit(row_bits_[bit_guard + static_cast<std::size_t>(row) * words_per_row_ + column / 64],
            column % 64);
    set_bit(
        column_bits_[bit_guard + static_cast<std::size_t>(column) * words_per_column_ + row / 64],
        row % 64);
}

Status GridMap::set_walkable(Cell cell, bool walkable) {
    if (!contains(cell)) {
        return Status::invalid_input("tile " + to_string(cell) + " is outside the map");
    }
    write_walkable(index(cell), walkable);
    note_change(index(cell));
    return {};
}

float GridMap::terrain_cost(Cell cell) const {
    if (!contains(cell) || terrain_.empty()) return 1;
    return terrain_[index(cell)];
}

Status GridMap::set_terrain_cost(Cell cell, float multiplier) {
    if (!contains(cell)) {
        return Status::invalid_input("tile " + to_string(cell) + " is outside the map");
    }
    if (!(multiplier >= 0) || !std::isfinite(multiplier)) {
        return Status::invalid_input("multiplier " + to_text(multiplier) + " at tile " +
                                     to_string(cell) + " is not a finite number >= 0");
    }
    if (terrain_.empty()) {
        if (multiplier == 1) return {};
        terrain_.assign(walkable_.size(), 1.0f);
    }
    float& slot = terrain_[index(cell)];
    const bool was_minimum = slot == min_terrain_;
    slot = multiplier;
    if (multiplier < min_terrain_) {
        min_terrain_ = multiplier;
    } else if (was_minimum && multiplier > min_terrain_) {
        recompute_min_terrain();
    }
    note_change(index(cell));
    return {};
}

Expected<TerrainType> GridMap::add_terrain_type(std::string name) {
    if (name.empty()) return Status::invalid_input("a terrain type needs a name");
    if (terrain_type_named(name))
        return Status::invalid_input("the map already has a terrain type named \"" + name + "\"");
    if (terrain_names_.size() >= 256)
        return Status::invalid_input("a map has at most 256 terrain types");
    terrain_names_.push_back(std::move(name));
    return static_cast<TerrainType>(terrain_names_.size() - 1);
}

std::optional<TerrainType> GridMap::terrain_type_named(std::string_view name) const {
    for (std::size_t type = 0; type < terrain_names_.size(); ++type)
        if (terrain_names_[type] == name) return static_cast<TerrainType>(type);
    return std::nullopt;
}

Status GridMap::set_terrain_type(Cell cell, TerrainType type) {
    if (!contains(cell)) {
        return Status::invalid_input("tile " + to_string(cell) + " is outside the map");
    }
    if (type >= terrain_names_.size()) {
        return Status::invalid_input("terrain type " + std::to_string(type) +
                                     " is not one of the map's " +
                                     std::to_string(terrain_names_.size()) + " types");
    }
    if (terrain_types_.empty()) {
        if (type == 0) return {};
        terrain_types_.assign(walkable_.size(), 0);
    }
    terrain_types_[index(cell)] = type;
    note_change(index(cell));
    return {};
}

void GridMap::note_change(std::uint32_t index) {
    if (change_log_.size() == 2 * change_log_capacity) {
        // Forget the older half: memory stays bounded, and each change costs O(1) on average.
        change_log_.erase(change_log_.begin(), change_log_.begin() + change_log_capacity);
        change_log_start_ += change_log_capacity;
    }
    change_log_.push_back(index);
    ++revision_;
}

std::optional<std::span<const std::uint32_t>> GridMap::changes_since(std::uint64_t since) const {
    if (since < change_log_start_ || since > revision_) return std::nullopt;
    return std::span<const std::uint32_t>(change_log_).subspan(since - change_log_start_);
}

void GridMap::recompute_min_terrain() {
    min_terrain_ = 1;
    for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
            min_terrain_ = std::min(min_terrain_, terrain_[index({origin_.x + x, origin_.y + y})]);
        }
    }
}

std::size_t GridMap::memory_bytes() const {
    return sizeof(GridMap) + table_bytes(walkable_) + table_bytes(terrain_) +
           table_bytes(terrain_types_) + table_bytes(row_bits_) + table_bytes(column_bits_);
}

}  // namespace pathkit
