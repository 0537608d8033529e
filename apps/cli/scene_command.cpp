// `pathkit scene FILE.json...`: every query of open-world scene files, on a visibility graph or a
// navigation mesh, printed as text or JSON and optionally drawn.
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.hpp"
#include "file_batches.hpp"
#include "format.hpp"
#include "outputs.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
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
/// (1,000 polygons, 6,000 corners build in about half a second); navmesh mode has no limit
/// beyond the scene file's.
constexpr std::size_t max_visibility_corners = 20'000;

Status check_visibility_size(const Scene& scene) {
    std::size_t corners = 0;
    for (const Obstacle& obstacle : scene.obstacles)
        corners += obstacle.is_circle() ? 16 : obstacle.points().size();
    if (corners <= max_visibility_corners) return {};
    return Status::invalid_input(std::to_string(corners) +
                                 " obstacle corners are more than --mode visibility takes (" +
                                 std::to_string(max_visibility_corners) + "); use --mode navmesh");
}

bool in_bounds(const Scene& scene, Point2 point) {
    return point.x >= scene.min.x && point.x <= scene.max.x && point.y >= scene.min.y &&
           point.y <= scene.max.y;
}

/// The exit code for one answer: 0 found, 1 no path, 2 an invalid query.
int exit_code_for(const PlanePath& path) {
    if (path.found()) return exit_found;
    return path.status == SearchStatus::InvalidInput ? exit_bad_input : exit_no_path;
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
    std::optional<ObstacleGraph> graph;
    std::optional<NavMesh> mesh;
    if (navmesh) {
        auto built = build_nav_mesh(scene, nodes);
        if (!built) return outputs.refuse(file + ": " + built.error().message());
        mesh = std::move(built).value();
        drawing.triangles = mesh->triangles();
        drawing.buffer_outlines = mesh->outlines();
    } else {
        if (Status status = check_visibility_size(scene); !status)
            return outputs.refuse(file + ": " + status.message());
        auto built = build_obstacle_graph(scene);
        if (!built) return outputs.refuse(file + ": " + built.error().message());
        graph = std::move(built).value();
        drawing.buffer_outlines = graph->outlines();
        drawing.graph_edges = graph_edges(*graph);
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
            path = navmesh ? mesh->find_path(query.from, query.to, context, options, kind)
                           : graph->find_path(query.from, query.to, context, options);
        }
        drawing.paths.push_back(path.path);
        drawing.failures.push_back(path.found()
                                       ? std::string()
                                       : std::string(to_string(path.status)) + ": " + path.message);
        answers.push_back(std::move(path));
    }

    int code = exit_found;
    nlohmann::json queries = nlohmann::json::array();
    for (std::size_t index = 0; index < answers.size(); ++index) {
        const PlanePath& path = answers[index];
        code = std::max(code, exit_code_for(path));
        if (arguments.json) {
            nlohmann::json answer{{"status", to_string(path.status)}};
            if (!path.message.empty()) answer["message"] = path.message;
            if (path.found()) {
                answer["length"] = path.cost;
                answer["path"] = nlohmann::json::array();
                for (Point2 point : path.path)
                    answer["path"].push_back({point.x, point.y});
            }
            queries.push_back(std::move(answer));
            continue;
        }
        std::cout << file << " query " << index << ": " << to_string(path.status);
        if (path.found())
            std::cout << ", length " << format_cost(path.cost) << ", " << path.path.size()
                      << " points";
        if (!path.message.empty()) std::cout << " (" << path.message << ')';
        std::cout << '\n';
    }
    if (arguments.json) {
        std::cout << json_text({{"file", file}, {"mode", arguments.mode}, {"queries", queries}})
                  << '\n';
    }
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
    command->add_option("files", arguments->files, "Scene files")->required();
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
                      "One JSON object per scene: {\"file\", \"mode\", \"queries\": [...]}");
    arguments->pictures.add_to(*command, true, true);
    return {command, [arguments] {
                CommandOutputs outputs("scene");
                outputs.protect_inputs(arguments->files);
                return outputs.finish(run_each(arguments->files, [&](const std::string& file) {
                    return run_scene(*arguments, file, outputs);
                }));
            }};
}

}  // namespace pathkit::cli
