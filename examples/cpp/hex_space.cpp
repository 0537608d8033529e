// A space of your own on the one engine: a hex map (odd rows shifted right), with a river the
// units wade through at three times the cost. docs/design.md walks through it.
#include <array>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

/// Hexes in rows of `width`; a state is row * width + column. '#' is rock, '~' is river.
class HexSpace {
  public:
    explicit HexSpace(std::vector<std::string> rows)
        : rows_(std::move(rows)), width_(static_cast<int>(rows_[0].size())) {}

    [[nodiscard]] pathkit::StateId at(int column, int row) const {
        return pathkit::StateId(static_cast<std::uint32_t>(row * width_ + column));
    }

    // The four questions the engine asks (pathkit/search/search_space.hpp):
    // how many states, is this one allowed, where can it go and at what cost, how far is it.
    [[nodiscard]] std::size_t state_count() const { return rows_.size() * width_; }
    [[nodiscard]] bool is_valid(pathkit::StateId state) const { return tile(state) != '#'; }
    template <class Visit>
    void for_each_successor(pathkit::StateId state, Visit&& visit) const {
        const int column = static_cast<int>(state.value) % width_;
        const int row = static_cast<int>(state.value) / width_;
        const int shift = row % 2;  // odd rows sit half a hex to the right
        const std::array<std::array<int, 2>, 6> around{
            {{1, 0}, {-1, 0}, {shift - 1, -1}, {shift, -1}, {shift - 1, 1}, {shift, 1}}};
        for (const auto& [dx, dy] : around) {
            const int x = column + dx, y = row + dy;
            if (x < 0 || y < 0 || x >= width_ || y >= static_cast<int>(rows_.size())) continue;
            const pathkit::StateId next = at(x, y);
            if (is_valid(next)) visit(next, tile(next) == '~' ? 3.0f : 1.0f);
        }
    }
    /// Hex distance: never more than the cheapest way (every step costs at least 1).
    [[nodiscard]] pathkit::Cost estimate(pathkit::StateId a, pathkit::StateId b) const {
        const auto cube = [&](pathkit::StateId s) {
            const int column = static_cast<int>(s.value) % width_;
            const int row = static_cast<int>(s.value) / width_;
            const int q = column - (row - (row & 1)) / 2;
            return std::array<int, 3>{q, row, -q - row};
        };
        const auto [ax, ay, az] = cube(a);
        const auto [bx, by, bz] = cube(b);
        return static_cast<pathkit::Cost>(
            (std::abs(ax - bx) + std::abs(ay - by) + std::abs(az - bz)) / 2);
    }

  private:
    [[nodiscard]] char tile(pathkit::StateId state) const {
        return rows_[state.value / static_cast<std::uint32_t>(width_)]
                    [state.value % static_cast<std::uint32_t>(width_)];
    }
    std::vector<std::string> rows_;
    int width_;
};

int main() {
    // clang-format off
    const HexSpace hexes({
        "S.....~.....",
        ".####.~.###.",
        "......~.....",
        ".###..~..##.",
        "......~....G",
    });
    // clang-format on
    pathkit::SearchContext context;  // scratch memory, reused query after query
    const pathkit::SearchResult result =
        pathkit::find_path(pathkit::SingleGoal(hexes, hexes.at(11, 4)), hexes.at(0, 0), context);
    std::cout << pathkit::to_string(result.status) << ": " << result.path.size() << " hexes, cost "
              << result.cost << ", " << result.stats.expanded << " expanded\n";
    return result.found() ? 0 : 1;
}
