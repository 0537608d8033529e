// Movement rules in one line, for tests that try each diagonal policy and cost.
#pragma once

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

}  // namespace pathkit::testing
