/// World: many tile maps linked at their edges and by doors (seed 004's grassland, houses...).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/grid/grid_map.hpp"
#include "pathkit/grid/movement.hpp"

namespace pathkit {

struct MapTag;
/// A map of a `World`, numbered as the game numbers it (the seed's 0..7).
using MapId = Id<MapTag>;

/// Outdoor maps meet other outdoor maps at their edges; indoor maps are entered by doors.
enum class MapKind { Outdoor, Indoor };

/// The edges of a map, in map coordinates (north is row 0).
enum class Side { North, East, South, West };

/// A tile of one map of the world.
struct WorldPosition {
    MapId map;
    Cell cell;
    friend constexpr bool operator==(const WorldPosition&, const WorldPosition&) = default;
};

/// A door: stepping onto `at` in one map puts you on `spawn` in `to`, and back (both ways).
struct Door {
    Cell at;
    MapId to;
    Cell spawn;
};

/// One map of the world: its tiles, the size of a tile in world units, and its links.
struct WorldMap {
    MapId id;
    std::string name;
    MapKind kind = MapKind::Outdoor;
    GridMap grid;
    /// World units per tile side (the seed: 48 pixels).
    float cell_size = 1;
    /// The neighbour across each edge (outdoor maps), and how far its rows or columns are
    /// shifted: crossing the east edge at row y lands on row y - offset of the east neighbour.
    std::array<std::optional<MapId>, 4> neighbours;
    std::array<int, 4> offsets{};
    std::vector<Door> doors;
};

class RouteCache;

/// Maps linked by edges and doors. Maps and links are added first; `set_walkable` may change
/// tiles later (routes through that map are recomputed on their next use).
class World {
  public:
    World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    ~World();

    /// Movement inside maps (the seed: four directions, `DiagonalPolicy::Never`). Set before
    /// the first route.
    void set_rules(const MovementRules& rules);
    [[nodiscard]] const MovementRules& rules() const { return rules_; }

    /// Adds a map. Refused for a used id, a bad cell size or an empty name.
    Status add_map(MapId id, std::string name, MapKind kind, GridMap grid, float cell_size);
    /// Links the `side` edge of `map` to the opposite edge of `neighbour` (both ways), with
    /// `offset` as in `WorldMap::offsets`. Refused for unknown or indoor maps, or a taken edge.
    Status link(MapId map, Side side, MapId neighbour, int offset = 0);
    /// Adds a door from `at` in `map` to `spawn` in `to`, usable both ways. Refused for unknown
    /// maps or door or spawn tiles outside their maps or blocked.
    Status add_door(MapId map, Cell at, MapId to, Cell spawn);
    /// Makes a tile of a map walkable or blocked; cached routes of that map are dropped.
    Status set_walkable(MapId map, Cell cell, bool walkable);

    /// The map with this id, or nullptr.
    [[nodiscard]] const WorldMap* map(MapId id) const;
    /// Every map, in the order they were added.
    [[nodiscard]] const std::vector<WorldMap>& maps() const { return maps_; }
    /// Ok when `position` is a walkable tile of a known map; else why not.
    [[nodiscard]] Status check_position(const WorldPosition& position, const char* role) const;

    /// The route cache (see route.hpp); built lazily, one per world.
    [[nodiscard]] RouteCache& routes() const { return *routes_; }

  private:
    friend class RouteCache;
    [[nodiscard]] std::size_t index_of(MapId id) const;

    std::vector<WorldMap> maps_;
    MovementRules rules_{.diagonal = DiagonalPolicy::Never};
    std::unique_ptr<RouteCache> routes_;
};

/// "north", "east", "south", "west".
[[nodiscard]] const char* to_string(Side side);

}  // namespace pathkit
