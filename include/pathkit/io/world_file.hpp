/// World files (XML, read with pugixml): maps, their links and doors, NPCs and the clock.
///
///     <world ticks_per_minute="12" start="06:00" diagonal="never" edge_portal_spacing="16">
///       <map id="0" name="grassland" kind="outdoor" width="20" height="12" cell_size="48">
///         <solid x="96" y="48" width="144" height="96"/>   solid area, world units (any number)
///         <tiles>....##..</tiles>                           or rows of tiles ('.' open, '#' solid)
///         <tiled file="house.tmx"/>                         or a Tiled map beside this file
///         <neighbour side="east" map="1" offset="0"/>       outdoor maps only
///         <door x="3" y="5" to="2" spawn_x="2" spawn_y="3"/> both ways
///       </map>
///       <npc name="Zelda" map="3" x="2" y="1" speed="8">
///         <appointment time="06:30" map="5" x="3" y="2"/>
///       </npc>
///     </world>
///
/// Tiles are [column, row] from the top-left tile. Errors read "FILE:LINE: <element>: what".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/world/npc.hpp"

namespace pathkit {

/// A world file's contents.
struct WorldFile {
    World world;
    GameClock clock;
    std::vector<NpcSpec> npcs;
};

/// Parses a world; Tiled maps are read relative to `folder`.
[[nodiscard]] Expected<WorldFile> parse_world_file(std::string_view text, std::string_view source,
                                                   const std::string& folder);
/// Loads a world file.
[[nodiscard]] Expected<WorldFile> load_world_file(const std::string& path);

}  // namespace pathkit
