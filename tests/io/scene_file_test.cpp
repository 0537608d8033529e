// Scene files: the example scenes load, malformed ones are refused with the place named.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer_parts.hpp"

namespace pathkit {
namespace {

void expect_refused(const std::string& text, const std::string& words) {
    const auto scene = parse_scene(text, "bad.json");
    ASSERT_FALSE(scene.has_value()) << text;
    EXPECT_NE(scene.error().message().find(words), std::string::npos) << scene.error().message();
    EXPECT_EQ(scene.error().message().rfind("bad.json: ", 0), 0u) << scene.error().message();
}

TEST(SceneFile, ASceneWithPolygonsCirclesAndQueriesLoads) {
    const auto scene = parse_scene(R"({"bounds": [[0, 0], [100, 50]], "buffer_radius": 2,
        "obstacles": [{"polygon": [[10, 10], [20, 10], [15, 20]]},
                      {"circle": {"center": [50, 25], "radius": 5}}],
        "queries": [{"from": [1, 1], "to": [99, 49]}]})",
                                   "inline");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    EXPECT_EQ(scene.value().max, (Point2{100, 50}));
    EXPECT_EQ(scene.value().buffer_radius, 2);
    ASSERT_EQ(scene.value().obstacles.size(), 2u);
    EXPECT_TRUE(scene.value().obstacles[1].is_circle());
    ASSERT_EQ(scene.value().queries.size(), 1u);
    EXPECT_EQ(scene.value().queries[0].to, (Point2{99, 49}));
}

TEST(SceneFile, MalformedScenesNameTheLineOrTheValue) {
    expect_refused("{\"bounds\": [[0, 0], [1, 1]],\n \"obstacles\": [}", "line 2");
    expect_refused(R"({"obstacles": []})", "missing \"bounds\"");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": [], "extra": 1})", "/extra");
    expect_refused(R"({"bounds": [[5, 0], [1, 10]], "obstacles": []})", "/bounds");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": -1, "obstacles": []})",
                   "/buffer_radius");
    expect_refused(
        R"({"bounds": [[0, 0], [10, 10]], "obstacles": [{"polygon": [[0, 0], [1, "x"]]}]})",
        "/obstacles/0/polygon/1/1");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]],
                       "obstacles": [{"polygon": [[0, 0], [2, 2], [2, 0], [0, 2]]}]})",
                   "/obstacles/0: polygon is self-intersecting");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]],
                       "obstacles": [{"circle": {"center": [1, 1], "radius": -3}}]})",
                   "/obstacles/0: circle radius");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": [{"square": 1}]})",
                   "/obstacles/0: expected {\"polygon\"");
    expect_refused(
        R"({"bounds": [[0, 0], [10, 10]], "obstacles": [], "queries": [{"from": [1, 1]}]})",
        "/queries/0");
    EXPECT_FALSE(load_scene_file("nowhere.json").has_value());
}

TEST(SceneFile, ObstaclesMayCarryUniqueIdsButAScenesQueriesAreAnsweredOnOneWorld) {
    const auto scene = parse_scene(R"({"bounds": [[0, 0], [10, 10]],
        "obstacles": [{"circle": {"center": [3, 3], "radius": 1}},
                      {"id": "well", "circle": {"center": [7, 7], "radius": 1}}]})",
                                   "inline");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    EXPECT_EQ(scene.value().obstacle_names, (std::vector<std::string>{"", "well"}));
    EXPECT_TRUE(parse_scene(R"({"bounds": [[0, 0], [10, 10]], "obstacles": []})", "inline")
                    .value()
                    .obstacle_names.empty())
        << "no names are kept when no obstacle has one";
    expect_refused(R"({"bounds": [[0, 0], [10, 10]],
                       "obstacles": [{"id": "well", "circle": {"center": [3, 3], "radius": 1}},
                                     {"id": "well", "circle": {"center": [7, 7], "radius": 1}}]})",
                   "/obstacles/1/id: \"well\" is the id of /obstacles/0 too");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": [],
                       "changes": [{"step": 1, "remove": ["well"]}]})",
                   "/changes: a scene file has no steps to time changes by");
}

TEST(SceneFile, LinksCarryTheirCostAndWayAndTheMeshCrossesThem) {
    // A wall across the world, a ladder over it (cost 5) and a ledge down (the walk).
    const auto scene = parse_scene(R"({"bounds": [[0, 0], [20, 20]],
        "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}],
        "links": [{"from": [15, 12], "to": [15, 8], "cost": 5},
                  {"from": [5, 12], "to": [5, 8], "bidirectional": false}],
        "queries": [{"from": [15, 15], "to": [15, 5]}]})",
                                   "inline");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    ASSERT_EQ(scene.value().links.size(), 2u);
    EXPECT_EQ(scene.value().links[0].cost, 5);
    EXPECT_TRUE(std::isnan(scene.value().links[1].cost));
    EXPECT_FALSE(scene.value().links[1].bidirectional);
    const auto mesh = build_nav_mesh(scene.value());
    ASSERT_TRUE(mesh.has_value()) << mesh.error().message();
    const PlanePath path = mesh.value().find_path({15, 15}, {15, 5});
    EXPECT_NEAR(path.cost, 3 + 5 + 3, 1e-4);
    EXPECT_EQ(mesh.value().find_path({5, 5}, {5, 15}).links.size(),
              1u);  // the ladder, not the ledge
    // The visibility graph crosses them too, at the same cost.
    const auto graph = build_obstacle_graph(scene.value());
    ASSERT_TRUE(graph.has_value()) << graph.error().message();
    EXPECT_NEAR(graph.value().find_path({15, 15}, {15, 5}).cost, 3 + 5 + 3, 1e-4);
    EXPECT_EQ(graph.value().find_path({5, 5}, {5, 15}).links.size(), 1u);
}

TEST(SceneFile, BadLinksAreRefusedWithTheirPlace) {
    const std::string head = R"({"bounds": [[0, 0], [20, 20]],
        "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}], "links": )";
    expect_refused(head + R"({}})", "/links");
    expect_refused(head + R"([{"from": [1, 1]}]})", "/links/0");
    expect_refused(head + R"([{"from": [1, 1], "to": [2, 2], "cost": -1}]})", "/links/0/cost");
    expect_refused(head + R"([{"from": [1, 1], "to": [2, 2], "bidirectional": 1}]})",
                   "/links/0/bidirectional");
    expect_refused(head + R"([{"from": [1, 1], "to": [2, 2], "speed": 1}]})", "/links/0/speed");
    // An end inside the wall is refused when the mesh is built, naming the link.
    const auto scene = parse_scene(head + R"([{"from": [1, 1], "to": [5, 10]}]})", "walled.json");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    const auto mesh = build_nav_mesh(scene.value());
    ASSERT_FALSE(mesh.has_value());
    EXPECT_NE(mesh.error().message().find("/links/0: link end"), std::string::npos)
        << mesh.error().message();
    const auto graph = build_obstacle_graph(scene.value());
    ASSERT_FALSE(graph.has_value());
    EXPECT_NE(graph.error().message().find("/links/0: link end 5,10 is inside"), std::string::npos)
        << graph.error().message();
    // Outside the bounds: said so by both, not blamed on the graph's frame.
    const auto outside = parse_scene(head + R"([{"from": [1, 1], "to": [25, 5]}]})", "out.json");
    ASSERT_TRUE(outside.has_value());
    for (const Status& refused :
         {build_nav_mesh(outside.value()).error(), build_obstacle_graph(outside.value()).error()})
        EXPECT_NE(refused.message().find("/links/0: link end 25,5 is outside"), std::string::npos)
            << refused.message();
}

TEST(SceneFile, AreasAndFiltersLoadAndBadOnesAreRefusedWithTheirPlace) {
    const std::string head = R"({"bounds": [[0, 0], [20, 10]], "obstacles": [],
        "areas": [{"outline": [[8, 0], [12, 0], [12, 10], [8, 10]], "type": 2}], "queries": )";
    const auto scene =
        parse_scene(head + R"([{"from": [2, 5], "to": [18, 5], "filter": {"costs": {"2": 3}}},
                   {"from": [2, 5], "to": [18, 5], "filter": {"exclude": [2]}},
                   {"from": [2, 5], "to": [18, 5]}]})",
                    "river.json");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    ASSERT_EQ(scene.value().areas.size(), 1u);
    ASSERT_EQ(scene.value().filters.size(), 2u);
    EXPECT_EQ(scene.value().queries[2].filter, SceneQuery::no_filter);
    const auto mesh = build_nav_mesh(scene.value());
    ASSERT_TRUE(mesh.has_value()) << mesh.error().message();
    const auto answer = [&](std::size_t query) {
        const SceneQuery& asked = scene.value().queries[query];
        return mesh.value().find_path(asked.from, asked.to, thread_plane_query_context(),
                                      scene.value().filters[asked.filter]);
    };
    EXPECT_NEAR(answer(0).cost, 24, 1e-3);  // 12 walked, 4 swum at 3
    EXPECT_EQ(answer(1).status, SearchStatus::NoPath);
    EXPECT_FALSE(build_obstacle_graph(scene.value()).has_value());  // filters need the mesh
    const std::string query = R"([{"from": [2, 5], "to": [18, 5], "filter": )";
    expect_refused(head + query + R"({"exclude": [5]}}]})", "/queries/0/filter/exclude/0");
    expect_refused(head + query + R"({"exclude": ["2"]}}]})", "/queries/0/filter/exclude/0");
    expect_refused(head + query + R"({"costs": {"2": 0.5}}}]})", "/queries/0/filter/costs/2");
    expect_refused(head + query + R"({"costs": {"a/b": 2}}}]})", "/queries/0/filter/costs/a~1b");
    expect_refused(head + query + R"({"points_per_edge": 2.5}}]})",
                   "/queries/0/filter/points_per_edge");
    expect_refused(head + query + R"({"speed": 1}}]})", "/queries/0/filter/speed");
    const std::string areas = R"({"bounds": [[0, 0], [20, 10]], "obstacles": [], "areas": )";
    expect_refused(areas + R"([{"outline": [[1, 1], [2, 1], [2, 2]], "type": 0}]})",
                   "/areas/0/type");
    expect_refused(areas + R"([{"outline": [[1, 1], [2, 1], [2, 2]], "type": 64}]})",
                   "/areas/0/type");
    expect_refused(areas + R"([{"outline": [[1, 1], [2, 1], "x"], "type": 1}]})",
                   "/areas/0/outline/2");
    // An outline outside the bounds is refused when the mesh is built, naming the area.
    const auto outside = parse_scene(
        areas + R"([{"outline": [[1, 1], [30, 1], [2, 2]], "type": 1}]})", "outside.json");
    ASSERT_TRUE(outside.has_value()) << outside.error().message();
    const auto refused = build_nav_mesh(outside.value());
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message().find("/areas/0: area corner 1"), std::string::npos)
        << refused.error().message();
}

TEST(SceneFile, QueriesWithARadiusAreAnsweredOnTheirClassInBothStructures) {
    // A gap 2.6 wide: radius 1 passes, 1.5 goes round the right wall's far end.
    const auto scene = parse_scene(R"({"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5,
        "radius_classes": [1.5, 1],
        "obstacles": [{"polygon": [[0, 9], [9, 9], [9, 11], [0, 11]]},
                      {"polygon": [[11.6, 9], [16, 9], [16, 11], [11.6, 11]]}],
        "queries": [{"from": [10.3, 3], "to": [10.3, 17]},
                    {"from": [10.3, 3], "to": [10.3, 17], "radius": 0.9},
                    {"from": [10.3, 3], "to": [10.3, 17], "radius": 1.2},
                    {"from": [10.3, 3], "to": [10.3, 17], "radius": 0}]})",
                                   "sized.json");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    const Scene& read = scene.value();
    EXPECT_EQ(read.radius_classes, (std::vector<float>{1.5f, 1}));
    ASSERT_EQ(read.queries.size(), 4u);
    EXPECT_FALSE(read.queries[0].radius.has_value());
    EXPECT_EQ(read.queries[2].radius, 1.2f);
    const float answering[] = {0.5f, 1, 1.5f, 0.5f};
    auto mesh = build_nav_mesh(read, MeshNodes::EdgeMidpoints, read.radius_classes);
    ASSERT_TRUE(mesh.has_value()) << mesh.error().message();
    PlaneQueryContext context;
    for (std::size_t index = 0; index < read.queries.size(); ++index) {
        const SceneQuery& query = read.queries[index];
        EXPECT_EQ(answering_radius(read, query), answering[index]);
        // The oracle: a visibility graph grown by the answering class's radius.
        const auto graph = build_obstacle_graph(read, answering[index]);
        ASSERT_TRUE(graph.has_value());
        const PlanePath expected = graph.value().find_path(query.from, query.to);
        const PlanePath found = mesh.value().find_path(
            query.from, query.to, context, {}, NavMeshQuery::Optimal, query.radius.value_or(0.5f));
        ASSERT_TRUE(expected.found() && found.found()) << index;
        EXPECT_NEAR(found.cost, expected.cost, 1e-3) << index;
    }
    EXPECT_NEAR(build_obstacle_graph(read, 1.5f).value().find_path({10.3f, 3}, {10.3f, 17}).cost,
                2 * std::hypot(7.2f, 4.5f) + 5, 1e-3);
}

TEST(SceneFile, BadRadiusClassesAndQueryRadiiAreRefusedWithTheirPlace) {
    const std::string head = R"({"bounds": [[0, 0], [20, 10]], "obstacles": [], )";
    expect_refused(head + R"("radius_classes": 1})", "/radius_classes: ");
    expect_refused(head + R"("radius_classes": [1, -1]})", "/radius_classes/1: ");
    expect_refused(head + R"("radius_classes": [1, "big"]})", "/radius_classes/1: ");
    expect_refused(head + R"("radius_classes": [6]})",
                   "/radius_classes/0: an agent of radius 6 does not fit in the world (its "
                   "smaller side is 10");
    const std::string query = R"("queries": [{"from": [1, 1], "to": [9, 9]}, )";
    expect_refused(head + query + R"({"from": [1, 1], "to": [9, 9], "radius": -1}]})",
                   "/queries/1/radius: ");
    expect_refused(head + query + R"({"from": [1, 1], "to": [9, 9], "radius": 0.5}]})",
                   "/queries/1/radius: 0.5 is above every radius class: the largest is 0 (the "
                   "buffer radius; add \"radius_classes\")");
    expect_refused(head + R"("radius_classes": [2, 1], )" + query +
                       R"({"from": [1, 1], "to": [9, 9], "radius": 2.5}]})",
                   "/queries/1/radius: 2.5 is above every radius class: the largest is 2");
}

TEST(SceneFile, TheVisibilityGraphOfASceneKeepsPathsInsideTheBounds) {
    // A wall from the bottom edge to the top edge but for a gap at the top: the way round
    // must use the gap, not slip past the wall's end beyond the bounds.
    const auto scene = parse_scene(R"({"bounds": [[0, 0], [100, 100]], "buffer_radius": 2,
        "obstacles": [{"polygon": [[45, 0], [55, 0], [55, 80], [45, 80]]},
                      {"polygon": [[45, 90], [55, 90], [55, 100], [45, 100]]}]})",
                                   "inline");
    ASSERT_TRUE(scene.has_value()) << scene.error().message();
    const auto graph = build_obstacle_graph(scene.value());
    const auto mesh = build_nav_mesh(scene.value());
    ASSERT_TRUE(graph.has_value() && mesh.has_value());
    const PlanePath visible = graph.value().find_path({10, 10}, {90, 10});
    const PlanePath smooth = mesh.value().find_path({10, 10}, {90, 10});
    ASSERT_TRUE(visible.found() && smooth.found());
    for (const Point2& point : visible.path) {
        EXPECT_LE(point.y, 100);
        EXPECT_GE(point.y, 0);
    }
    EXPECT_NEAR(visible.cost, smooth.cost, 1e-2) << "both squeeze through the gap at y 82..88";
}

TEST(SceneFile, TheExampleScenesLoadAndDrawAsSvg) {
    for (const char* name : {"courtyard", "walls_and_gaps", "asteroid_field"}) {
        const auto scene =
            load_scene_file(std::string(PATHKIT_EXAMPLES) + "/scenes/" + name + ".json");
        ASSERT_TRUE(scene.has_value()) << scene.error().message();
        EXPECT_FALSE(scene.value().queries.empty());
        const std::string svg = part_svg(scene_part(name, "", scene.value(), {}));
        EXPECT_EQ(svg.rfind("<svg", 0), 0u);
        EXPECT_NE(svg.find("</svg>"), std::string::npos);
    }
}

}  // namespace
}  // namespace pathkit
