// Movement rules in one line and every diagonal name, for tests that try each policy and cost.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pathkit/grid/movement.hpp"

namespace pathkit::testing {

/// Rules with the given policy and step costs (√2 diagonals unless told).
inline MovementRules rules_with(DiagonalPolicy diagonal, Cost straight = 1,
                                Cost diagonal_cost = 1.41421356f) {
    MovementRules rules;
    rules.diagonal = diagonal;
    rules.straight_cost = straight;
    rules.diagonal_cost = diagonal_cost;
    return rules;
}

/// Every diagonal name `pathkit path --diagonal` takes, long and short, with its policy.
inline const std::vector<std::pair<std::string, DiagonalPolicy>> diagonal_names{
    {"never", DiagonalPolicy::Never},
    {"always", DiagonalPolicy::Always},
    {"at-least-one-walkable", DiagonalPolicy::AtLeastOneWalkable},
    {"at-least-one", DiagonalPolicy::AtLeastOneWalkable},
    {"no-corner-cutting", DiagonalPolicy::NoCornerCutting},
};

}  // namespace pathkit::testing
