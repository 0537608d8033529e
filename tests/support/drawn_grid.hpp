// A tiny 4-connected tile space drawn as ASCII art, to test the engine the way the seeds draw.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "pathkit/search/search_space.hpp"

namespace pathkit::testing {

/// '#' is a wall, every other character a walkable tile; letters mark places to look up.
/// Steps cost 1 (or the digit on the tile entered, for '1'..'9'). Manhattan estimate.
class DrawnGrid {
  public:
    explicit DrawnGrid(std::vector<std::string> rows) : rows_(std::move(rows)) {}

    [[nodiscard]] int width() const { return static_cast<int>(rows_[0].size()); }
    [[nodiscard]] int height() const { return static_cast<int>(rows_.size()); }
    [[nodiscard]] StateId at(int x, int y) const {
        return StateId(static_cast<std::uint32_t>(y * width() + x));
    }
    /// The tile marked with `mark`; invalid if there is none.
    [[nodiscard]] StateId find(char mark) const {
        for (int y = 0; y < height(); ++y) {
            for (int x = 0; x < width(); ++x) {
                if (rows_[y][x] == mark) return at(x, y);
            }
        }
        return StateId();
    }
    [[nodiscard]] char tile(StateId state) const {
        return rows_[state.value / width()][state.value % width()];
    }

    [[nodiscard]] std::size_t state_count() const { return rows_.size() * rows_[0].size(); }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < state_count() && tile(state) != '#';
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        const int x = static_cast<int>(state.value) % width();
        const int y = static_cast<int>(state.value) / width();
        const int dx[] = {1, 0, -1, 0};
        const int dy[] = {0, 1, 0, -1};
        for (int direction = 0; direction < 4; ++direction) {
            const int nx = x + dx[direction];
            const int ny = y + dy[direction];
            if (nx < 0 || ny < 0 || nx >= width() || ny >= height()) continue;
            const StateId next = at(nx, ny);
            const char t = tile(next);
            if (t == '#') continue;
            visit(next, (t >= '1' && t <= '9') ? static_cast<Cost>(t - '0') : Cost{1});
        }
    }
    [[nodiscard]] Cost estimate(StateId from, StateId to) const {
        const int w = width();
        return static_cast<Cost>(
            std::abs(static_cast<int>(from.value % w) - static_cast<int>(to.value % w)) +
            std::abs(static_cast<int>(from.value / w) - static_cast<int>(to.value / w)));
    }

    /// The drawing with `path` marked by '*' (start and end keep their letters).
    [[nodiscard]] std::vector<std::string> draw(const std::vector<StateId>& path) const {
        auto picture = rows_;
        for (std::size_t index = 1; index + 1 < path.size(); ++index) {
            picture[path[index].value / width()][path[index].value % width()] = '*';
        }
        return picture;
    }

  private:
    std::vector<std::string> rows_;
};

}  // namespace pathkit::testing
