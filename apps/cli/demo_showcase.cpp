// The built-in showcase of `pathkit demo`: every part built from scenarios compiled in.
#include "demo_showcase.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/agents_run.hpp"
#include "pathkit/io/crowd_file.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "pathkit/io/world_file.hpp"

namespace pathkit::cli {

/// examples/agents/gate.json (demo_gate.cpp, generated).
extern const std::string_view gate_example;

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char text[512];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

// A dungeon after Kodeco's cat-maze A* tutorial: diagonals that never cut corners, a swamp
// ('~') three times as dear, and the dog ('D') avoided by making the tiles around it dearer.
ViewerPart cat_maze() {
    std::vector<std::string> rows{
        "########################", "#C.....#.......#.......#", "#.####.#.#####.#.#####.#",
        "#.#....#.#~~~#...#...#.#", "#.#.####.#~~~#####.#.#.#", "#.#......#~~~~~~~..#...#",
        "#.######.#####.#####.###", "#......#.....#.....#...#", "######.#####.#.###.#.#.#",
        "#......#...D.#.#.....#.#", "#.######.###.#.#.#####.#", "#..........#.....#....E#",
        "########################",
    };
    Cell cat, exit, dog;
    for (int y = 0; y < static_cast<int>(rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
            if (rows[y][x] == 'C') cat = {x, y};
            if (rows[y][x] == 'E') exit = {x, y};
            if (rows[y][x] == 'D') dog = {x, y};
        }
    std::vector<std::string> plain = rows;
    for (auto& row : plain)
        for (char& tile : row)
            if (tile != '#') tile = '.';
    GridMap map = map_from_rows(plain, "cat maze").value();
    for (int y = 0; y < static_cast<int>(rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(rows[y].size()); ++x)
            if (rows[y][x] == '~') (void)map.set_terrain_cost({x, y}, 3);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (map.is_walkable({dog.x + dx, dog.y + dy}))
                (void)map.set_terrain_cost({dog.x + dx, dog.y + dy}, 8);
    const GridSpace space(map, {.diagonal = DiagonalPolicy::NoCornerCutting});
    SearchContext context;
    const GridPath path = space.find_path(cat, exit, context);
    ViewerPart part = grid_part("A cat in a dungeon (after Kodeco's cat-maze A* tutorial)",
                                format("A* with diagonals that never cut corners, swamp x3, the "
                                       "dog's tiles x8: cost %.2f over %.0f steps, %.0f tiles "
                                       "explored.",
                                       path.cost, static_cast<double>(path.path.size()) - 1,
                                       static_cast<double>(path.stats.expanded)),
                                map, path.path, &context);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (map.is_walkable({dog.x + dx, dog.y + dy}))
                part.tiles[static_cast<std::size_t>(dog.y + dy)]
                          [static_cast<std::size_t>(dog.x + dx)] = '!';
    mark_query(part, tile_centre(map, cat), tile_centre(map, exit), "");
    part.unit_labels = {"cat", "dog"};
    part.frames = {{{cat.x + 0.5f, cat.y + 0.5f}, {dog.x + 0.5f, dog.y + 0.5f}}};
    part.frame_labels = {"start"};
    return part;
}

ViewerPart crowd(const char* name, const char* json) {
    const CrowdScenario scenario = parse_crowd_scenario(json, name, ".").value();
    const CrowdRunReport report = run_crowd_scenario(scenario, true).value();
    int arrived = 0;
    for (const ScenarioUnitReport& unit : report.units)
        arrived += unit.arrived_tick.has_value();
    return crowd_part(
        name,
        format("%.0f of %.0f units arrived in %.0f ticks; ", arrived,
               static_cast<double>(report.units.size()), static_cast<double>(report.ticks)) +
            format("stalls: %.0f, ", static_cast<double>(report.stats.stalls)) +
            format("deadlocks resolved by the move-away search: %.0f.",
                   static_cast<double>(report.stats.deadlocks_resolved)),
        scenario, report);
}

constexpr const char* corridor_json = R"({
  "map": {"rows": ["...@@@@@@@...", ".............", "...@@@@@@@..."]},
  "straight_cost": 1, "diagonal_cost": 1.5,
  "units": [{"id": 1, "at": [0, 1]}, {"id": 2, "at": [12, 1]}],
  "commands": [{"tick": 0, "units": [1], "to": [12, 1]}, {"tick": 0, "units": [2], "to": [0, 1]}],
  "max_ticks": 200})";

constexpr const char* formation_json = R"({
  "map": {"rows": ["....................", "....................", ".........@..........",
                   ".........@..........", ".........@..........", ".........@..........",
                   "....................", "...................."]},
  "straight_cost": 1, "diagonal_cost": 1.5,
  "units": [{"id": 1, "at": [1, 2]}, {"id": 2, "at": [2, 2]}, {"id": 3, "at": [3, 2]},
            {"id": 4, "at": [1, 3]}, {"id": 5, "at": [2, 3]}, {"id": 6, "at": [3, 3]}],
  "commands": [{"tick": 0, "units": [1, 2, 3, 4, 5, 6], "to": [16, 4]}],
  "max_ticks": 300})";

// Six units crossing a yard; a 3 x 3 building goes up in the way of some at tick 3.
constexpr const char* building_json = R"({
  "map": {"rows": ["....................", "....................", "....................",
                   "....................", "....................", "....................",
                   "....................", "...................."]},
  "straight_cost": 1, "diagonal_cost": 1.5,
  "units": [{"id": 1, "at": [1, 2]}, {"id": 2, "at": [1, 3]}, {"id": 3, "at": [1, 4]},
            {"id": 4, "at": [1, 5]}, {"id": 5, "at": [2, 3]}, {"id": 6, "at": [2, 4]}],
  "commands": [{"tick": 0, "units": [1], "to": [18, 2]}, {"tick": 0, "units": [2], "to": [18, 3]},
               {"tick": 0, "units": [3], "to": [18, 4]}, {"tick": 0, "units": [4], "to": [18, 5]},
               {"tick": 0, "units": [5], "to": [17, 3]}, {"tick": 0, "units": [6], "to": [17, 4]}],
  "changes": [{"tick": 3, "block": [[9, 5], [10, 5], [11, 5], [9, 6], [10, 6], [11, 6],
                                    [9, 7], [10, 7], [11, 7]]}],
  "max_ticks": 300})";

// A building placed in the way of tile units: only the units whose paths it blocks plan again.
ViewerPart building_crowd() {
    const CrowdScenario scenario =
        parse_crowd_scenario(building_json, "Crowd: a building goes up", ".").value();
    const CrowdRunReport report = run_crowd_scenario(scenario, true).value();
    double arrived = 0, replanned = 0, kept = 0;
    for (const ScenarioUnitReport& unit : report.units)
        arrived += unit.arrived_tick.has_value() ? 1 : 0;
    for (const ScenarioChangeReport& change : report.changes) {
        replanned += static_cast<double>(change.replanned.size());
        kept += static_cast<double>(change.kept);
    }
    return crowd_part(
        "Crowd: a building goes up in the units' way",
        format("At tick 3 a 3 x 3 building is placed in the yard: %.0f units whose paths pass "
               "it plan again round it, %.0f keep theirs. ",
               replanned, kept) +
            format("%.0f of %.0f units arrived in %.0f ticks.", arrived,
                   static_cast<double>(report.units.size()), static_cast<double>(report.ticks)),
        scenario, report);
}

constexpr const char* stalling_json = R"({
  "map": {"rows": ["...........", "...........", "...........", "...........", "...........",
                   "...........", "..........."]},
  "straight_cost": 1, "diagonal_cost": 1.5,
  "units": [{"id": 1, "at": [0, 3]}, {"id": 2, "at": [5, 0]}, {"id": 3, "at": [10, 3]},
            {"id": 4, "at": [5, 6]}],
  "commands": [{"tick": 0, "units": [1], "to": [10, 3]}, {"tick": 0, "units": [2], "to": [5, 6]},
               {"tick": 0, "units": [3], "to": [0, 3]}, {"tick": 0, "units": [4], "to": [5, 0]}],
  "max_ticks": 200})";

std::vector<ViewerPart> open_world() {
    const Scene scene = parse_scene(R"({
      "bounds": [[0, 0], [400, 300]], "buffer_radius": 8,
      "obstacles": [
        {"polygon": [[60, 60], [140, 60], [140, 100], [100, 100], [100, 180], [60, 180]]},
        {"circle": {"center": [220, 150], "radius": 30}},
        {"polygon": [[280, 40], [340, 40], [340, 120], [280, 120]]},
        {"polygon": [[290, 180], [360, 200], [330, 260], [270, 240]]},
        {"polygon": [[160, 230], [230, 230], [195, 280]]}],
      "queries": [{"from": [20, 20], "to": [380, 280]}, {"from": [120, 140], "to": [310, 150]},
                  {"from": [20, 280], "to": [380, 20]}]})",
                                    "open world")
                            .value();
    const ObstacleGraph graph = build_obstacle_graph(scene).value();
    const NavMesh mesh = build_nav_mesh(scene).value();
    std::vector<ViewerPart> parts;
    for (const bool navmesh : {false, true}) {
        SceneDrawing drawing;
        drawing.buffer_outlines = graph.outlines();
        if (navmesh)
            drawing.triangles = mesh.triangles();
        else
            drawing.graph_edges = graph_edges(graph);
        double length = 0;
        for (const SceneQuery& query : scene.queries) {
            const PlanePath path = navmesh ? mesh.find_path(query.from, query.to)
                                           : graph.find_path(query.from, query.to);
            drawing.paths.push_back(drawn_path(path));
            drawing.failures.push_back(path.found() ? "" : path.message);
            length += path.cost;
        }
        parts.push_back(scene_part(
            navmesh ? "Open world: navigation mesh (as GameplayKit's GKMeshGraph)"
                    : "Open world: visibility graph (as GameplayKit's GKObstacleGraph)",
            navmesh ? format("%.0f triangles (CGAL) and exact shortest paths through them "
                             "(Polyanya): the three paths total %.1f units.",
                             static_cast<double>(mesh.triangle_count()), length)
                    : format("%.0f corner nodes, %.0f connections: the three shortest paths total "
                             "%.1f units.",
                             static_cast<double>(graph.node_count()),
                             static_cast<double>(graph.connection_count()), length),
            scene, drawing));
    }
    return parts;
}

// A valley with a cliff (a ledge jumped down one way, a ladder both ways), a river (water, area
// type 1) with a bridge, a teleporter, and a narrow gap between two rocks: every path on one
// mesh, the large agent's on its radius class.
ViewerPart links_areas_sizes() {
    const Scene scene = parse_scene(R"({
      "bounds": [[0, 0], [100, 60]], "buffer_radius": 0.5,
      "obstacles": [{"polygon": [[0, 40], [30, 40], [30, 42], [0, 42]]},
                    {"polygon": [[62, 18], [70, 18], [70, 40], [62, 40]]},
                    {"polygon": [[70, 41.5], [78, 41.5], [78, 56], [70, 56]]}],
      "areas": [{"outline": [[42, 0], [50, 0], [50, 28], [42, 28]], "type": 1},
                {"outline": [[42, 32], [50, 32], [50, 60], [42, 60]], "type": 1}],
      "links": [{"from": [8, 43], "to": [8, 39], "bidirectional": false},
                {"from": [24, 43], "to": [24, 39], "cost": 8},
                {"from": [95, 5], "to": [5, 55], "cost": 2, "bidirectional": false}]})",
                                    "valley")
                            .value();
    const NavMesh mesh = build_nav_mesh(scene, MeshNodes::EdgeMidpoints, {2.0f}).value();
    SceneDrawing drawing;
    drawing.buffer_outlines = mesh.outlines();
    drawing.triangles = mesh.triangles();
    ViewerPart part = scene_part(
        "Ledges, a ladder, a teleporter, a river and agents of two sizes (links, areas, radius "
        "classes)",
        "", scene, drawing);
    for (ViewerArea& area : part.areas)
        area.label = "river: water (area type 1)";
    AreaFilter swimmer, non_swimmer;
    swimmer.costs[1] = 3;
    non_swimmer.excluded = 1U << 1;
    struct Walk {
        const char* label;
        Point2 from, to;
        const AreaFilter* filter;
        float radius;
        const char* color;
    };
    const Walk walks[] = {
        {"jumps down the ledge (one way)", {12, 52}, {14, 30}, nullptr, 0.5f, "#1f6fd1"},
        {"climbs the ladder back up (costs 8)", {18, 30}, {18, 52}, nullptr, 0.5f, "#5c940d"},
        {"swims where water costs 3 a unit", {34, 12}, {58, 12}, &swimmer, 0.5f, "#0c8599"},
        {"cannot swim: takes the bridge", {34, 8}, {58, 8}, &non_swimmer, 0.5f, "#e64980"},
        {"small agent (radius 0.5) through the gap", {60, 46}, {80, 36}, nullptr, 0.5f, "#ae3ec9"},
        {"large agent (radius 2) round the rocks", {60, 48}, {82, 36}, nullptr, 2, "#f08c00"},
        {"takes the teleporter", {88, 8}, {12, 56}, nullptr, 0.5f, "#d9480f"}};
    const Point2 origin = scene.min;
    std::string failures;
    for (const Walk& walk : walks) {
        PlaneQueryContext& context = thread_plane_query_context();
        const PlanePath path = walk.filter
                                   ? mesh.find_path(walk.from, walk.to, context, *walk.filter)
                                   : mesh.find_path(walk.from, walk.to, context, {},
                                                    NavMeshQuery::Optimal, walk.radius);
        mark_query(part, {walk.from.x - origin.x, walk.from.y - origin.y},
                   {walk.to.x - origin.x, walk.to.y - origin.y},
                   path.found() ? "" : walk.label + std::string(": ") + path.message);
        if (!path.found()) continue;
        std::vector<Point2> points = drawn_path(path);
        for (Point2& point : points)
            point = {point.x - origin.x, point.y - origin.y};
        part.paths.push_back({walk.label, std::move(points), walk.color});
    }
    part.summary =
        "Exact shortest paths on one navigation mesh. The cliff is crossed by links: a ledge "
        "jumped down one way and a ladder climbed both ways; a teleporter (purple arc) takes one "
        "agent across the world. The river is an area: where water costs 3 a unit the swimmer "
        "still crosses it, an agent that cannot swim (water excluded) takes the bridge. The "
        "large agent plans on the mesh's radius class 2, built at its first query, and goes "
        "round the rocks whose gap the small one takes.";
    return part;
}

// Two squads crossing an open world through each other and between rocks, and a third
// coming down across them: round agents on the navigation mesh, avoiding each other by ORCA.
ViewerPart open_world_agents() {
    std::string json = R"({"bounds": [[0, 0], [60, 40]], "buffer_radius": 0.6,
      "obstacles": [{"circle": {"center": [24, 14], "radius": 3}},
                    {"polygon": [[33, 22], [40, 24], [37, 30], [31, 28]]},
                    {"circle": {"center": [30, 6], "radius": 1.5}}], "agents": [)";
    int id = 0;
    const auto add = [&](float x, float y, float to_x, float to_y) {
        json += id == 0 ? "" : ", ";
        json += format(R"({"id": %.0f, "at": [%.1f, %.1f], )", ++id, x, y) +
                format(R"("to": [%.1f, %.1f]})", to_x, to_y);
    };
    for (int row = 0; row < 5; ++row)
        for (int column = 0; column < 2; ++column) {
            const float x = 3 + 2.0f * static_cast<float>(column);
            const float y = 12 + 3.0f * static_cast<float>(row);
            add(x, y, 60 - x, y);
            add(60 - x, y + 1.5f, x, y + 1.5f);
        }
    for (int column = 0; column < 6; ++column)
        add(18 + 3.0f * static_cast<float>(column), 37, 18 + 3.0f * static_cast<float>(column), 3);
    json += R"(], "dt": 0.1, "max_steps": 1500})";
    const AgentScenario scenario = parse_agent_scenario(json, "open world agents").value();
    const AgentRun run =
        run_agent_scenario(scenario, "open world agents", {.pictures = true}).value();
    return agents_part(
        "Agents in an open world: two squads crossing, a third coming through (ORCA)",
        format("%.0f of %.0f agents arrived after %.1f s; ",
               static_cast<double>(run.arrived_count()),
               static_cast<double>(scenario.agents.size()),
               static_cast<double>(run.steps) * scenario.dt) +
            format("deepest overlap %.1f %% of a radius sum; ", run.deepest_overlap.share * 100) +
            format("centres inside obstacles: %.0f. Discs: agents at their size; lines: their "
                   "velocities; dashes (layer \"plans\"): the rest of their paths.",
                   static_cast<double>(run.centres_in_obstacles)),
        scenario, run);
}

// A gate sliding shut in front of a crowd of agents and open again (examples/agents/gate.json):
// each move repairs the mesh around the gate, and only agents whose paths it blocked plan again.
ViewerPart gate_agents() {
    const AgentScenario scenario =
        parse_agent_scenario(gate_example, "examples/agents/gate.json").value();
    const AgentRun run =
        run_agent_scenario(scenario, "examples/agents/gate.json", {.pictures = true}).value();
    // Deterministic figures only (the page's text is the same on every run): the repairs'
    // times are in `pathkit agents examples/agents/gate.json`.
    double replans = 0, walled_off = 0;
    std::size_t fewest = SIZE_MAX, most = 0;
    for (const AgentChangeRecord& record : run.changes) {
        fewest = std::min(fewest, record.triangles_replaced);
        most = std::max(most, record.triangles_replaced);
        replans += static_cast<double>(record.replanned.size());
        walled_off += static_cast<double>(record.walled_off.size());
    }
    const auto seconds = [&](std::int64_t step) { return static_cast<double>(step) * scenario.dt; };
    // It opens with the first move after a pause.
    const std::vector<ObstacleChange>& moves = scenario.changes;
    std::int64_t opens = moves.back().step;
    for (std::size_t index = 1; index < moves.size(); ++index)
        if (moves[index].step > moves[index - 1].step + 1) {
            opens = moves[index].step;
            break;
        }
    return agents_part(
        "Agents at a gate that closes and opens (the mesh repaired where it moves)",
        format("The gate slides shut from %.1f s and open again from %.1f s, one unit a step: ",
               seconds(moves.front().step), seconds(opens)) +
            format("%.0f repairs of the mesh around it, each replacing %.0f to %.0f triangles; ",
                   static_cast<double>(run.changes.size()), static_cast<double>(fewest),
                   static_cast<double>(most)) +
            format("%.0f paths planned again, %.0f agents walled off until it opened (they wait, "
                   "then pass). ",
                   replans, walled_off) +
            format("%.0f of %.0f agents arrived after %.1f s.",
                   static_cast<double>(run.arrived_count()),
                   static_cast<double>(scenario.agents.size()), seconds(run.steps)),
        scenario, run);
}

ViewerPart npc_town() {
    std::string houses;
    for (int id = 2; id <= 7; ++id)
        houses += "<map id=\"" + std::to_string(id) + "\" name=\"house " + std::to_string(id) +
                  "\" kind=\"indoor\"><tiles>######## #......# #.##...# #......# #...##.# "
                  "#......# ###..###</tiles></map>\n";
    std::string outdoor;
    for (int id = 0; id <= 1; ++id) {
        outdoor += "<map id=\"" + std::to_string(id) + "\" name=\"" +
                   (id == 0 ? "grassland" : "earthland") +
                   "\" kind=\"outdoor\" width=\"20\" height=\"12\" cell_size=\"48\">\n";
        for (int house = 0; house < 3; ++house) {
            const int x = 3 + 6 * house;
            outdoor += "<solid x=\"" + std::to_string(x * 48) +
                       "\" y=\"96\" width=\"96\" height=\"96\"/>"
                       "<door x=\"" +
                       std::to_string(x) + "\" y=\"4\" to=\"" + std::to_string(2 + 3 * id + house) +
                       "\" spawn_x=\"3\" spawn_y=\"5\"/>\n";
        }
        outdoor += "<solid x=\"300\" y=\"400\" width=\"60\" height=\"40\"/>\n";
        if (id == 0) outdoor += "<neighbour side=\"east\" map=\"1\"/>\n";
        outdoor += "</map>\n";
    }
    const std::string xml =
        "<world ticks_per_minute=\"12\" start=\"06:00\" edge_portal_spacing=\"1\">\n" + outdoor +
        houses +
        "<npc name=\"Zelda\" map=\"3\" x=\"2\" y=\"1\" speed=\"8\">"
        "<appointment time=\"06:30\" map=\"5\" x=\"5\" y=\"1\"/>"
        "<appointment time=\"09:00\" map=\"0\" x=\"10\" y=\"10\"/></npc>\n"
        "<npc name=\"Link\" map=\"1\" x=\"18\" y=\"10\" speed=\"6\">"
        "<appointment time=\"07:00\" map=\"7\" x=\"2\" y=\"3\"/>"
        "<appointment time=\"08:30\" map=\"2\" x=\"5\" y=\"2\"/></npc>\n"
        "<npc name=\"Impa\" map=\"0\" x=\"1\" y=\"10\" speed=\"4\">"
        "<appointment time=\"07:30\" map=\"1\" x=\"18\" y=\"1\"/></npc>\n"
        "</world>\n";
    WorldFile file = parse_world_file(xml, "npc town", ".").value();
    NpcSimulation town(file.world, file.clock);
    std::vector<std::string> names;
    for (NpcSpec& spec : file.npcs) {
        names.push_back(spec.name);
        (void)town.add_npc(std::move(spec));
    }
    const std::vector<NpcSnapshot> snapshots = snapshots_until(town, 10 * 60, 1);
    int kept = 0, appointments = 0;
    for (const Npc& npc : town.npcs()) {
        appointments += static_cast<int>(npc.appointments.size());
        for (const NpcEvent& event : npc.events)
            kept += event.kind == NpcEventKind::Arrive ? 1
                    : event.kind == NpcEventKind::Late ? -1
                                                       : 0;
    }
    return world_part("NPCs in a town of linked maps, over a game morning",
                      format("06:00 to 10:00, a frame a minute: %.0f of %.0f appointments kept on "
                             "time. Zelda walks from house 3 over grassland and earthland into "
                             "house 5; rings mark where NPCs go, dashes their routes.",
                             kept, appointments),
                      file.world, names, snapshots);
}

}  // namespace

std::vector<ViewerPart> demo_showcase() {
    std::vector<ViewerPart> parts{cat_maze()};
    // The crowd scenarios of Matt Comi's "Cooperative Path Finding" talk on Space Age's units.
    parts.push_back(crowd("Crowd: a deadlock in a corridor, resolved", corridor_json));
    parts.push_back(crowd("Crowd: a group moving in formation", formation_json));
    parts.push_back(crowd("Crowd: four units crossing, stalling", stalling_json));
    parts.push_back(building_crowd());
    for (ViewerPart& part : open_world())
        parts.push_back(std::move(part));
    parts.push_back(links_areas_sizes());
    parts.push_back(open_world_agents());
    parts.push_back(gate_agents());
    parts.push_back(npc_town());
    return parts;
}

}  // namespace pathkit::cli
