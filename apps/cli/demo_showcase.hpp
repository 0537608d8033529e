// The built-in showcase of `pathkit demo`: every part built from scenarios compiled in.
#pragma once

#include <string>
#include <vector>

#include "pathkit/io/viewer.hpp"

namespace pathkit::cli {

/// The cat-maze dungeon, the Space Age crowd scenarios, the open world (visibility graph and
/// navmesh), round agents crossing it, agents at a gate that closes and opens, and NPCs in a
/// town over a game morning, as viewer parts.
[[nodiscard]] std::vector<ViewerPart> demo_showcase();

}  // namespace pathkit::cli
