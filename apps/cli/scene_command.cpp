// `pathkit scene FILE.json...`: every query of open-world scene files, on a visibility graph or a
// navigation mesh, printed as text or JSON and optionally drawn.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "file_batches.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "report.hpp"
#include "search_flags.hpp"

namespace pathkit::cli {

namespace {

struct SceneArguments {
    std::vector<std::string> files;
    std::string mode = "visibility";
    std::vector<std::string> mesh_nodes{"edge-midpoints"};
    std::string navmesh_query = "optimal";
    bool json = false;
    SearchFlags search;
    PictureFlags pictures;
};

/// Most obstacle corners `--mode visibility` takes: its graph grows with the square of them
/// (1,000 polygons, 6,000 corners build in about half a second; 1,000 squares in the open,
/// 4,000 corners that mostly see each other, in 3.5 s).
constexpr std::size_t max_visibility_corners = 20'000;

/// Most searching one scene file may ask for: its queries times its obstacle corners (circles
/// count 16), about half a minute of queries either way. A navmesh query (Polyanya) costs up to
/// about 60 ns per corner (1 to 2.4 ms on 10,000 squares); a visibility graph query about 1 us
/// per corner (it links the start and the goal to every corner it sees).
constexpr double max_navmesh_query_work = 500'000'000;
constexpr double max_visibility_query_work = 25'000'000;

/// What the structures hold, estimated before they are built: the mesh about 640 bytes a
/// corner (measured: 510 bytes a corner for 20,000 circles, 575 for 10,000 squares, at the
/// peak, triangulation included); the visibility graph as much plus every pair of corners
/// connected, both ways, 8 bytes each (its worst case: corners that all see each other); each
/// answer about 512 bytes.
constexpr double mesh_bytes_per_corner = 640;
constexpr double bytes_per_connection = 8;
constexpr double bytes_per_answer = 512;

/// The obstacle corners, and in `--mode visibility` the links' ends too: each end is a node of
/// the visibility graph, connected like a corner.
std::size_t corner_count(const Scene& scene, bool navmesh) {
    std::size_t corners = navmesh ? 0 : 2 * scene.links.size();
    for (const Obstacle& obstacle : scene.obstacles)
        corners += obstacle.is_circle() ? circle_sides : obstacle.points().size();
    return corners;
}

/// With any link cheaper than walking, every query (either mode) first searches all such arcs
/// against each other: arcs x arcs steps, each about 8 corners' worth of work (measured on the
/// navmesh: 20 queries with 2,000 such arcs take 27 s).
constexpr double work_per_shortcut_step = 8;

/// The arcs of links cheaper than walking (a two-way link is two).
[[nodiscard]] double shortcut_arcs(const Scene& scene) {
    double arcs = 0;
    for (const SceneLink& link : scene.links) {
        const float walk = std::hypot(link.to.x - link.from.x, link.to.y - link.from.y);
        if (!std::isnan(link.cost) && link.cost < walk) arcs += link.bidirectional ? 2 : 1;
    }
    return arcs;
}

/// A weighted query (a filter with a cost above 1) that leaves the shortest path searches
/// points on the triangles' edges: counted as this many plain queries per point on an edge
/// and one more (measured on the 1,000-polygon scene: 15x a plain query in all with 4 points,
/// 28x with 8; docs/benchmarks.md).
constexpr double weighted_query_factor = 10;

/// The queries counted in plain queries' work: a weighted one as many.
[[nodiscard]] double query_units(const Scene& scene) {
    double units = 0;
    for (const SceneQuery& query : scene.queries) {
        if (query.filter == SceneQuery::no_filter) {
            units += 1;
            continue;
        }
        const AreaFilter& filter = scene.filters[query.filter];
        const bool weighted = std::any_of(filter.costs.begin(), filter.costs.end(),
                                          [](float cost) { return cost > 1; });
        units += weighted ? weighted_query_factor * (filter.points_per_edge + 1) : 1;
    }
    return units;
}

std::string count_text(double count) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", count);
    return text;
}

/// The radii the scene's queries are answered with (`answering_radius`), ascending, each once:
/// one mesh (a radius class) or one visibility graph each.
std::vector<float> radii_answered(const Scene& scene) {
    std::vector<float> radii;
    for (const SceneQuery& query : scene.queries)
        radii.push_back(answering_radius(scene, query));
    std::sort(radii.begin(), radii.end());
    radii.erase(std::unique(radii.begin(), radii.end()), radii.end());
    return radii;
}

/// Ok, or why the scene asks for more time or memory than a run may take, before anything is
/// built: the corner limit, queries x (corners + shortcut arcs squared), and the memory the
/// structures will hold (one per radius the queries are answered with; the mesh's own too).
Status check_scene_size(const Scene& scene, bool navmesh) {
    const std::size_t single_corners = corner_count(scene, navmesh);
    const std::vector<float> radii = radii_answered(scene);
    const bool own_radius_used = std::count(radii.begin(), radii.end(), scene.buffer_radius) > 0;
    // A navmesh run always builds the mesh's own radius; a visibility run one graph at least.
    const std::size_t structures =
        navmesh ? radii.size() + (own_radius_used ? 0 : 1) : std::max<std::size_t>(radii.size(), 1);
    // Corners of every structure built, for their build time and memory.
    const std::size_t corners = single_corners * structures;
    const std::string mode = navmesh ? "--mode navmesh" : "--mode visibility";
    const std::string corners_named =
        navmesh || scene.links.empty() ? " obstacle corners" : " obstacle corners and link ends";
    const std::string all_named =
        corners_named + (structures > 1 ? " (" + std::to_string(single_corners) + " x " +
                                              std::to_string(structures) + " radii)"
                                        : "");
    if (!navmesh && corners > max_visibility_corners)
        return Status::invalid_input(
            std::to_string(corners) + all_named + " are more than --mode visibility takes (" +
            std::to_string(max_visibility_corners) + "); use --mode navmesh");
    const double arcs = shortcut_arcs(scene);
    const double steps = work_per_shortcut_step * arcs * arcs;
    const double units = navmesh ? query_units(scene) : static_cast<double>(scene.queries.size());
    const double work = units * (static_cast<double>(single_corners) + steps);
    const double work_limit = navmesh ? max_navmesh_query_work : max_visibility_query_work;
    if (work > work_limit)
        return Status::invalid_input(
            std::to_string(scene.queries.size()) + " queries" +
            (units > static_cast<double>(scene.queries.size())
                 ? " (weighted ones counted " + count_text(weighted_query_factor) +
                       " times per point on an edge and one: " + count_text(units) + ")"
                 : "") +
            " x " +
            (arcs > 0 ? "(" + std::to_string(single_corners) + corners_named + " + " +
                            count_text(steps) + " for links cheaper than walking)"
                      : std::to_string(single_corners) + corners_named) +
            " = " + count_text(work) + ", over the limit of " + count_text(work_limit) + " for " +
            mode + " (about half a minute of searching); split the queries over several files");
    const double bytes =
        static_cast<double>(corners) * mesh_bytes_per_corner +
        (navmesh ? 0.0
                 : static_cast<double>(corners) * static_cast<double>(single_corners) *
                       bytes_per_connection) +
        static_cast<double>(scene.queries.size()) * bytes_per_answer;
    if (bytes > static_cast<double>(memory_budget()))
        return Status::invalid_input(
            std::string(navmesh ? "the navigation mesh" : "the visibility graph (every pair") +
            " of " + std::to_string(corners) + all_named + (navmesh ? "" : " connected)") +
            " needs about " + format_bytes(bytes) + ", over " + memory_budget_text());
    return {};
}

bool in_bounds(const Scene& scene, Point2 point) {
    return point.x >= scene.min.x && point.x <= scene.max.x && point.y >= scene.min.y &&
           point.y <= scene.max.y;
}

/// One answer: its number in the file, the status, the reason, the length, the path, the
/// agent's radius (the scene's buffer radius when the query gives none) and the radius of the
/// class that answered.
Report answer_report(std::size_t index, const PlanePath& path, const Scene& scene) {
    const SceneQuery& query = scene.queries[index];
    Report answer;
    answer.add("query", index).add("status", to_string(path.status));
    if (!path.message.empty()) answer.add("message", path.message);
    if (path.found()) {
        Report points = Report::list();
        for (Point2 point : path.path)
            points.push(point_report(point));
        answer.add("length", path.cost).add("path", std::move(points));
        if (!path.links.empty()) {  // the segments that cross links: path[i] to path[i + 1]
            Report crossed = Report::list();
            for (const PlaneLinkStep& step : path.links)
                crossed.push(Report().add("segment", step.segment).add("link", step.link.value));
            answer.add("links", std::move(crossed));
        }
    }
    answer.add("radius", query.radius.value_or(scene.buffer_radius))
        .add("radius_class", answering_radius(scene, query));
    return answer;
}

/// Answers every query of one scene and adds its pictures; returns the worst exit code.
int run_scene(const SceneArguments& arguments, const std::string& file, CommandOutputs& outputs) {
    if (auto why = arguments.search.unsupported(false)) return outputs.refuse(*why);
    auto loaded = load_scene_file(file);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const Scene& scene = loaded.value();
    const bool navmesh = arguments.mode == "navmesh";
    SceneDrawing drawing;
    std::vector<PlanePath> answers;
    MeshNodes nodes{};
    for (const std::string& kind : arguments.mesh_nodes)
        nodes = nodes | (kind == "vertices"  ? MeshNodes::Vertices
                         : kind == "centers" ? MeshNodes::Centers
                                             : MeshNodes::EdgeMidpoints);
    // Only the structure the mode queries is built: a navmesh run never pays for the
    // visibility graph.
    std::map<float, ObstacleGraph> graphs;  // by the radius their obstacles grow by
    std::optional<NavMesh> mesh;
    if (Status status = check_scene_size(scene, navmesh); !status)
        return outputs.refuse(file + ": " + status.message());
    if (arguments.navmesh_query == "funnel")
        for (std::size_t index = 0; index < scene.queries.size(); ++index)
            if (scene.queries[index].filter != SceneQuery::no_filter)
                return outputs.refuse(file + ": /queries/" + std::to_string(index) +
                                      "/filter: the funnel query takes no area filter; use "
                                      "--navmesh-query optimal");
    if (navmesh) {
        auto built = build_nav_mesh(scene, nodes, scene.radius_classes);
        if (!built) return outputs.refuse(file + ": " + built.error().message());
        mesh = std::move(built).value();
        drawing.triangles = mesh->triangles();
        drawing.buffer_outlines = mesh->outlines();
    } else {
        // One graph per radius the queries are answered with (the scene's own without queries);
        // the smallest is drawn.
        std::vector<float> radii = radii_answered(scene);
        if (radii.empty()) radii.push_back(scene.buffer_radius);
        for (const float radius : radii) {
            auto built = build_obstacle_graph(scene, radius);
            if (!built) return outputs.refuse(file + ": " + built.error().message());
            graphs.emplace(radius, std::move(built).value());
        }
        const ObstacleGraph& drawn = graphs.begin()->second;
        drawing.buffer_outlines = drawn.outlines();
        drawing.graph_edges = graph_edges(drawn);
    }
    PlaneQueryContext context;
    const SearchOptions options = arguments.search.options();
    for (const SceneQuery& query : scene.queries) {
        PlanePath path;
        if (!in_bounds(scene, query.from) || !in_bounds(scene, query.to)) {
            path.status = SearchStatus::InvalidInput;
            path.message = std::string(in_bounds(scene, query.from) ? "goal" : "start") +
                           " is outside the scene bounds";
        } else {
            const NavMeshQuery kind =
                arguments.navmesh_query == "funnel" ? NavMeshQuery::Funnel : NavMeshQuery::Optimal;
            if (!navmesh) {
                path = graphs.at(answering_radius(scene, query))
                           .find_path(query.from, query.to, context, options);
            } else if (query.filter != SceneQuery::no_filter) {
                // On the query's radius class (the reader refused radii above every class).
                const NavMesh* on = &*mesh;
                if (query.radius) on = mesh->radius_class_mesh(*query.radius).value();
                path = on->find_path(query.from, query.to, context, scene.filters[query.filter],
                                     options);
            } else if (query.radius) {
                path = mesh->find_path(query.from, query.to, context, options, kind, *query.radius);
            } else {
                path = mesh->find_path(query.from, query.to, context, options, kind);
            }
        }
        drawing.paths.push_back(drawn_path(path));
        drawing.failures.push_back(path.found()
                                       ? std::string()
                                       : std::string(to_string(path.status)) + ": " + path.message);
        answers.push_back(std::move(path));
    }

    int code = exit_found;
    Report queries = Report::list();
    for (std::size_t index = 0; index < answers.size(); ++index) {
        code = std::max(code, exit_code_for(answers[index].status));
        queries.push(answer_report(index, answers[index], scene));
    }
    Report report;
    report.add("file", file).add("mode", arguments.mode).add("queries", std::move(queries));
    print_report(report, arguments.json);
    if (arguments.pictures.any()) {
        const ViewerPart part = scene_part(
            file,
            (!navmesh                              ? "visibility graph and shortest paths"
             : arguments.navmesh_query == "funnel" ? "navigation mesh and funnel paths"
                                                   : "navigation mesh and shortest paths") +
                std::string("; buffers shaded"),
            scene, drawing);
        if (int added = arguments.pictures.add(outputs, "pathkit scene", {part},
                                               arguments.files.size(), file);
            added != exit_found)
            return added;
    }
    return code;
}

}  // namespace

Command add_scene_command(CLI::App& app) {
    auto arguments = std::make_shared<SceneArguments>();
    CLI::App* command = app.add_subcommand(
        "scene", "Answer the queries of open-world scene files (.json) around polygon obstacles");
    command
        ->add_option("--mode", arguments->mode,
                     "visibility (shortest paths on the obstacle graph) or navmesh (paths "
                     "through the triangles of free space)")
        ->check(CLI::IsMember({"visibility", "navmesh"}))
        ->capture_default_str();
    command
        ->add_option("--mesh-nodes", arguments->mesh_nodes,
                     "Where the navmesh graph has nodes: vertices, centers, edge-midpoints")
        ->delimiter(',')
        ->check(CLI::IsMember({"vertices", "centers", "edge-midpoints"}))
        ->capture_default_str();
    command
        ->add_option("--navmesh-query", arguments->navmesh_query,
                     "optimal (the exact shortest path, Polyanya) or funnel (the graph over "
                     "--mesh-nodes, then the funnel: never shorter, usually close)")
        ->check(CLI::IsMember({"optimal", "funnel"}))
        ->capture_default_str();
    arguments->search.add_to(*command);
    command->add_flag("--json", arguments->json,
                      "Print one JSON document per scene file (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true);
    return add_file_batch(*command, arguments, "Scene files", run_scene);
}

}  // namespace pathkit::cli
