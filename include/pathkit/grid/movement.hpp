/// Movement rules on a grid: which diagonal steps are allowed, step costs, and the heuristic.
#pragma once

#include <optional>
#include <string_view>

#include "pathkit/core/cost.hpp"
#include "pathkit/core/status.hpp"

namespace pathkit {

/// When a diagonal step is allowed (Godot's DiagonalMode, GameplayKit's diagonalsAllowed).
enum class DiagonalPolicy {
    /// Four neighbours only (the Cat Maze before its bonus section).
    Never,
    /// Any diagonal onto a walkable tile, even between two blocked ones.
    Always,
    /// A diagonal needs at least one of the two tiles beside it walkable.
    AtLeastOneWalkable,
    /// A diagonal needs both tiles beside it walkable: no cutting corners (the Cat Maze rule,
    /// and the rule of the MovingAI benchmark lengths).
    NoCornerCutting,
};

/// The policy's name everywhere pathkit reads or writes one (command line, JSON, XML):
/// "never", "always", "at-least-one-walkable", "no-corner-cutting".
[[nodiscard]] const char* to_string(DiagonalPolicy policy);
/// The policy with this name; "at-least-one" is accepted for "at-least-one-walkable".
[[nodiscard]] std::optional<DiagonalPolicy> diagonal_policy_named(std::string_view name);
/// The accepted names, for messages: "never, always, at-least-one-walkable (or at-least-one),
/// no-corner-cutting".
inline constexpr std::string_view diagonal_policy_names =
    "never, always, at-least-one-walkable (or at-least-one), no-corner-cutting";

/// An estimate of the remaining cost from dx, dy (in tiles) to the goal.
enum class Heuristic {
    /// straight x (dx + dy): exact for four neighbours.
    Manhattan,
    /// straight x (max - min) + diagonal x min: exact for eight neighbours on open ground
    /// (a diagonal dearer than two straight steps counts as two; one cheaper than a straight
    /// step gives diagonal x max, since zigzags can replace straight steps).
    Octile,
    /// straight x sqrt(dx^2 + dy^2).
    Euclidean,
    /// straight x max(dx, dy).
    Chebyshev,
    /// 0: Dijkstra's order.
    Zero,
};

/// How a unit moves on a grid. Costs are per step before the terrain multiplier of the tile
/// entered. The tutorial's integer costs are `{.straight_cost = 10, .diagonal_cost = 14}`.
struct MovementRules {
    DiagonalPolicy diagonal = DiagonalPolicy::NoCornerCutting;
    /// Cost of a step left, right, up or down; finite and > 0.
    Cost straight_cost = 1;
    /// Cost of a diagonal step; finite and > 0 (Space Age uses 1.5).
    Cost diagonal_cost = 1.41421356f;
    /// The heuristic; without one, the admissible default for the rules: Manhattan when
    /// diagonals are never allowed, octile otherwise. A chosen heuristic is used as given.
    std::optional<Heuristic> heuristic;
    /// The unit's size in tiles (a 2 x 2 unit has size 2); it occupies the square whose
    /// top-left tile is its position, so every tile of that square must be walkable. 1..64.
    int agent_size = 1;
};

/// Ok, or why the rules cannot be used (non-positive or NaN costs, size out of range).
[[nodiscard]] Status validate(const MovementRules& rules);

/// The heuristic the rules use: the chosen one, or the default described above.
[[nodiscard]] Heuristic heuristic_for(const MovementRules& rules);

}  // namespace pathkit
