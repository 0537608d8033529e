// Scene files (see pathkit/io/scene_file.hpp), read with nlohmann/json.
#include "pathkit/io/scene_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>

#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "scene_reader.hpp"

namespace pathkit {

namespace io_detail {

using nlohmann::json;

Status SceneReader::read_members(const json& document, Scene& scene) {
    const json* bounds = io_detail::member(document, "bounds");
    if (!bounds) return error("", "missing \"bounds\"");
    if (!bounds->is_array() || bounds->size() != 2)
        return error("/bounds",
                     "expected [[xmin, ymin], [xmax, ymax]], got " + io_detail::describe(*bounds));
    if (!point((*bounds)[0], "/bounds/0", scene.min) ||
        !point((*bounds)[1], "/bounds/1", scene.max))
        return failure();
    if (!(scene.min.x < scene.max.x && scene.min.y < scene.max.y))
        return error("/bounds", "the minimum corner must lie below the maximum in x and y");
    if (const json* radius = io_detail::member(document, "buffer_radius");
        radius && !number(*radius, "/buffer_radius", scene.buffer_radius, 0, 250'000))
        return failure();
    const json* obstacles = io_detail::member(document, "obstacles");
    if (!obstacles) return error("", "missing \"obstacles\"");
    if (!array(*obstacles, "/obstacles", limits::max_scene_points)) return failure();
    std::size_t points = 0;
    std::map<std::string, std::size_t, std::less<>> first_use;
    for (std::size_t index = 0; index < obstacles->size(); ++index) {
        const std::string where = "/obstacles/" + std::to_string(index);
        std::string name;
        auto obstacle = read_obstacle((*obstacles)[index], where, name);
        if (!obstacle) return obstacle.error();
        points += points_of(obstacle.value());
        if (points > limits::max_scene_points)
            return error(where, "the scene has more than " +
                                    std::to_string(limits::max_scene_points) + " points");
        if (!name.empty()) {
            if (const auto [used, fresh] = first_use.emplace(name, index); !fresh)
                return error(where + "/id", describe(json(name)) + " is the id of /obstacles/" +
                                                std::to_string(used->second) + " too");
            scene.obstacle_names.resize(index);
            scene.obstacle_names.push_back(std::move(name));
        }
        scene.obstacles.push_back(std::move(obstacle).value());
    }
    if (!scene.obstacle_names.empty()) scene.obstacle_names.resize(scene.obstacles.size());
    if (const json* links = io_detail::member(document, "links")) {
        if (!array(*links, "/links", limits::max_scene_links)) return failure();
        for (std::size_t index = 0; index < links->size(); ++index) {
            const std::string where = "/links/" + std::to_string(index);
            const json& value = (*links)[index];
            SceneLink link;
            if (!object(
                    value, where,
                    {"from", "to", "cost", "bidirectional", "traversal_seconds", "one_at_a_time"}))
                return failure();
            const json* from = io_detail::member(value, "from");
            const json* to = io_detail::member(value, "to");
            if (!from || !to)
                return error(where,
                             "expected {\"from\": [x, y], \"to\": [x, y]} with an "
                             "optional \"cost\" and \"bidirectional\"");
            if (!point(*from, where + "/from", link.from) || !point(*to, where + "/to", link.to))
                return failure();
            if (const json* cost = io_detail::member(value, "cost");
                cost && !number(*cost, where + "/cost", link.cost, 0, 1e9f))
                return failure();
            if (const json* both = io_detail::member(value, "bidirectional");
                both && !boolean(*both, where + "/bidirectional", link.bidirectional))
                return failure();
            if (const json* seconds = io_detail::member(value, "traversal_seconds");
                seconds &&
                !number(*seconds, where + "/traversal_seconds", link.traversal_seconds, 0, 1e6f))
                return failure();
            if (const json* alone = io_detail::member(value, "one_at_a_time");
                alone && !boolean(*alone, where + "/one_at_a_time", link.one_at_a_time))
                return failure();
            scene.links.push_back(link);
        }
    }
    if (const json* areas = io_detail::member(document, "areas")) {
        if (!array(*areas, "/areas", limits::max_scene_areas)) return failure();
        for (std::size_t index = 0; index < areas->size(); ++index) {
            const std::string where = "/areas/" + std::to_string(index);
            const json& value = (*areas)[index];
            if (!object(value, where, {"outline", "type"})) return failure();
            const json* outline = io_detail::member(value, "outline");
            const json* type = io_detail::member(value, "type");
            if (!outline || !type)
                return error(where, "expected {\"outline\": [[x, y], ...], \"type\": 1..63}");
            if (!array(*outline, where + "/outline", limits::max_obstacle_points)) return failure();
            SceneArea area;
            area.outline.resize(outline->size());
            for (std::size_t corner = 0; corner < outline->size(); ++corner)
                if (!point((*outline)[corner], where + "/outline/" + std::to_string(corner),
                           area.outline[corner]))
                    return failure();
            points += outline->size();
            if (points > limits::max_scene_points)
                return error(where, "the scene has more than " +
                                        std::to_string(limits::max_scene_points) + " points");
            if (!type->is_number_integer() || type->get<std::int64_t>() < 1 ||
                type->get<std::int64_t>() > max_area_type)
                return error(where + "/type", "expected an area type, an integer 1.." +
                                                  std::to_string(max_area_type) + ", got " +
                                                  describe(*type));
            area.type = static_cast<AreaType>(type->get<std::int64_t>());
            scene.areas.push_back(std::move(area));
        }
    }
    if (const json* queries = io_detail::member(document, "queries")) {
        if (!array(*queries, "/queries", limits::max_scene_queries)) return failure();
        for (std::size_t index = 0; index < queries->size(); ++index) {
            const std::string where = "/queries/" + std::to_string(index);
            const json& query = (*queries)[index];
            SceneQuery read_query;
            if (!object(query, where, {"from", "to", "filter", "radius"})) return failure();
            const json* from = io_detail::member(query, "from");
            const json* to = io_detail::member(query, "to");
            if (!from || !to) return error(where, "expected {\"from\": [x, y], \"to\": [x, y]}");
            if (!point(*from, where + "/from", read_query.from) ||
                !point(*to, where + "/to", read_query.to))
                return failure();
            if (const json* filter = io_detail::member(query, "filter")) {
                AreaFilter read_filter;
                if (Status status =
                        read_area_filter(*filter, where + "/filter", scene, read_filter);
                    !status)
                    return status;
                read_query.filter = scene.filters.size();
                scene.filters.push_back(read_filter);
            }
            if (const json* radius = io_detail::member(query, "radius")) {
                float read_radius = 0;
                if (!number(*radius, where + "/radius", read_radius, 0, 250'000)) return failure();
                read_query.radius = read_radius;
            }
            scene.queries.push_back(read_query);
        }
    }
    return {};
}

Status SceneReader::read_area_filter(const json& value, const std::string& where,
                                     const Scene& scene, AreaFilter& filter) {
    if (!object(value, where, {"exclude", "costs", "points_per_edge"})) return failure();
    // A type is known when it is plain ground or an area of the scene has it.
    const auto known_type = [&](const json& type, const std::string& at, AreaType& read) -> Status {
        const std::string text_form = type.is_string() ? type.get<std::string>() : type.dump();
        std::size_t used = 0;
        long parsed = -1;
        try {
            parsed = std::stol(text_form, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != text_form.size() || parsed < 0 || parsed > max_area_type) {
            return error(at, "expected an area type 0.." + std::to_string(max_area_type) +
                                 ", got " + describe(type));
        }
        read = static_cast<AreaType>(parsed);
        if (read != 0 && std::none_of(scene.areas.begin(), scene.areas.end(),
                                      [&](const SceneArea& area) { return area.type == read; }))
            return error(at,
                         "type " + std::to_string(parsed) + " is not the type of any area here");
        return {};
    };
    if (const json* exclude = io_detail::member(value, "exclude")) {
        if (!array(*exclude, where + "/exclude", max_area_type + 1)) return failure();
        for (std::size_t index = 0; index < exclude->size(); ++index) {
            AreaType type = 0;
            const json& entry = (*exclude)[index];
            const std::string at = where + "/exclude/" + std::to_string(index);
            if (!entry.is_number_integer())
                return error(at, "expected an area type 0.." + std::to_string(max_area_type) +
                                     ", got " + describe(entry));
            if (Status status = known_type(entry, at, type); !status) return status;
            filter.excluded |= std::uint64_t{1} << type;
        }
    }
    if (const json* costs = io_detail::member(value, "costs")) {
        if (!costs->is_object())
            return error(where + "/costs",
                         "expected {\"type\": cost, ...}, got " + describe(*costs));
        for (const auto& [key, cost] : costs->items()) {
            std::string escaped;  // a JSON pointer's token: ~ as ~0, / as ~1
            for (const char c : key)
                escaped += c == '~'   ? std::string("~0")
                           : c == '/' ? std::string("~1")
                                      : std::string(1, c);
            const std::string at = where + "/costs/" + escaped;
            AreaType type = 0;
            if (Status status = known_type(json(key), at, type); !status) return status;
            if (!number(cost, at, filter.costs[type], 1, 1'000'000)) return failure();
        }
    }
    if (const json* points = io_detail::member(value, "points_per_edge")) {
        float read = 0;
        if (!number(*points, where + "/points_per_edge", read, 1, 64)) return failure();
        if (read != std::floor(read))
            return error(where + "/points_per_edge",
                         "expected a whole number 1..64, got " + describe(*points));
        filter.points_per_edge = static_cast<std::uint32_t>(read);
    }
    return {};
}

Status SceneReader::read_radius_classes(const json& document, const Scene& scene,
                                        std::vector<float>& classes) {
    const json* read = io_detail::member(document, "radius_classes");
    if (!read) return {};
    if (!array(*read, "/radius_classes", limits::max_radius_classes)) return failure();
    const float smaller_side = std::min(scene.max.x - scene.min.x, scene.max.y - scene.min.y);
    for (std::size_t index = 0; index < read->size(); ++index) {
        const std::string where = "/radius_classes/" + std::to_string(index);
        float radius = 0;
        if (!number((*read)[index], where, radius, 0, 1e5)) return failure();
        if (2 * radius > smaller_side)
            return error(where, "an agent of radius " + io_detail::describe((*read)[index]) +
                                    " does not fit in the world (its smaller side is " +
                                    io_detail::describe(json(double{smaller_side})) + ")");
        classes.push_back(radius);
    }
    return {};
}

std::size_t SceneReader::points_of(const Obstacle& obstacle) {
    return obstacle.is_circle() ? 1 : obstacle.points().size();
}

Expected<Obstacle> SceneReader::read_obstacle(const json& value, const std::string& where,
                                              std::string& name) {
    const json* id = io_detail::member(value, "id");
    if (id) {
        if (!text(*id, where + "/id", name)) return failure();
        if (name.empty() || name.size() > limits::max_obstacle_name_bytes)
            return error(where + "/id", "an id has 1 to " +
                                            std::to_string(limits::max_obstacle_name_bytes) +
                                            " bytes, got " + std::to_string(name.size()));
    }
    // The one key beside "id" says the shape.
    const std::size_t shape_keys = value.is_object() ? value.size() - (id ? 1 : 0) : 0;
    Expected<Obstacle> obstacle = Status::invalid_input("no shape");
    if (const json* points = io_detail::member(value, "polygon"); points && shape_keys == 1) {
        if (!array(*points, where + "/polygon", limits::max_obstacle_points)) return failure();
        std::vector<Point2> corners(points->size());
        for (std::size_t index = 0; index < points->size(); ++index)
            if (!point((*points)[index], where + "/polygon/" + std::to_string(index),
                       corners[index]))
                return failure();
        obstacle = Obstacle::polygon(std::move(corners));
    } else if (const json* circle = io_detail::member(value, "circle"); circle && shape_keys == 1) {
        if (!object(*circle, where + "/circle", {"center", "radius"})) return failure();
        const json* center = io_detail::member(*circle, "center");
        const json* radius = io_detail::member(*circle, "radius");
        if (!center || !radius)
            return error(where + "/circle", "expected {\"center\": [x, y], \"radius\": r}");
        Point2 at;
        float size = 0;
        if (!point(*center, where + "/circle/center", at) ||
            !number(*radius, where + "/circle/radius", size))
            return failure();
        obstacle = Obstacle::circle(at, size);
    } else {
        return error(where,
                     "expected {\"polygon\": [...]} or {\"circle\": {...}}, either "
                     "with an optional \"id\", got " +
                         io_detail::describe(value));
    }
    if (Status status = obstacle.value().validate(); !status) return error(where, status.message());
    return obstacle;
}

}  // namespace io_detail

Expected<Scene> parse_scene(std::string_view text, std::string_view source_name) {
    nlohmann::json document;
    if (Status status = io_detail::parse_json(text, source_name, document); !status) return status;
    io_detail::SceneReader reader(source_name);
    if (io_detail::member(document, "changes"))
        return reader.error("/changes",
                            "a scene file has no steps to time changes by; its queries are "
                            "answered on one world (agents files take \"changes\")");
    if (!reader.object(document, "",
                       {"bounds", "buffer_radius", "radius_classes", "obstacles", "links", "areas",
                        "queries"}))
        return reader.failure();
    Scene scene;
    if (Status status = reader.read_members(document, scene); !status) return status;
    if (Status status = reader.read_radius_classes(document, scene, scene.radius_classes); !status)
        return status;
    // Every query's radius has a class to answer it.
    const float largest =
        std::accumulate(scene.radius_classes.begin(), scene.radius_classes.end(),
                        scene.buffer_radius, [](float a, float b) { return std::max(a, b); });
    char largest_text[32];
    std::snprintf(largest_text, sizeof largest_text, "%g", static_cast<double>(largest));
    for (std::size_t index = 0; index < scene.queries.size(); ++index)
        if (const auto radius = scene.queries[index].radius; radius && *radius > largest)
            return reader.error(
                "/queries/" + std::to_string(index) + "/radius",
                io_detail::describe(document.at("queries").at(index).at("radius")) +
                    " is above every radius class: the largest is " + largest_text +
                    (scene.radius_classes.empty() ? " (the buffer radius; add \"radius_classes\")"
                                                  : ""));
    return scene;
}

namespace {

/// Adds the scene's links to a mesh or a graph; a refusal names the link ("/links/i") and, for
/// an end outside the bounds (which the graph's frame would call an obstacle), says so.
template <class World>
Status add_scene_links(const Scene& scene, World& world) {
    for (std::size_t index = 0; index < scene.links.size(); ++index) {
        const SceneLink& link = scene.links[index];
        const std::string where = "/links/" + std::to_string(index) + ": ";
        for (const auto& [point, name] : {std::pair{link.from, "start"}, std::pair{link.to, "end"}})
            if (!(point.x >= scene.min.x && point.x <= scene.max.x && point.y >= scene.min.y &&
                  point.y <= scene.max.y))
                return Status::invalid_input(where + "link " + name + " " + to_string(point) +
                                             " is outside the scene bounds");
        if (auto added = world.add_link(link.from, link.to,
                                        {.cost = link.cost,
                                         .bidirectional = link.bidirectional,
                                         .traversal_seconds = link.traversal_seconds,
                                         .one_at_a_time = link.one_at_a_time});
            !added)
            return Status::invalid_input(where + added.error().message());
    }
    return {};
}

}  // namespace

float answering_radius(const Scene& scene, const SceneQuery& query) {
    if (!query.radius) return scene.buffer_radius;
    float chosen = INFINITY, largest = scene.buffer_radius;
    for (const float radius : scene.radius_classes)
        largest = std::max(largest, radius);
    for (const float radius : scene.radius_classes)
        if (radius >= *query.radius) chosen = std::min(chosen, radius);
    if (scene.buffer_radius >= *query.radius) chosen = std::min(chosen, scene.buffer_radius);
    return std::isinf(chosen) ? largest : chosen;
}

Expected<ObstacleGraph> build_obstacle_graph(const Scene& scene) {
    return build_obstacle_graph(scene, scene.buffer_radius);
}

Expected<ObstacleGraph> build_obstacle_graph(const Scene& scene, float buffer_radius) {
    for (std::size_t index = 0; index < scene.queries.size(); ++index)
        if (scene.queries[index].filter != SceneQuery::no_filter)
            return Status::invalid_input("/queries/" + std::to_string(index) +
                                         "/filter: the visibility graph knows no areas; use the "
                                         "navigation mesh");
    auto made = ObstacleGraph::create({.buffer_radius = buffer_radius});
    if (!made) return made.error();
    ObstacleGraph graph = std::move(made).value();
    // Four bars around the bounds, set back by the buffer radius that grows them again.
    const float r = buffer_radius;
    const float thick = std::max(scene.max.x - scene.min.x, scene.max.y - scene.min.y) / 8 + 1;
    const float x0 = scene.min.x - r, y0 = scene.min.y - r, x1 = scene.max.x + r,
                y1 = scene.max.y + r;
    const auto bar = [](float left, float bottom, float right, float top) {
        return Obstacle::polygon({{left, bottom}, {right, bottom}, {right, top}, {left, top}});
    };
    // The scene's obstacles first, so their ids are their indices in the scene.
    std::vector<Obstacle> obstacles = scene.obstacles;
    for (const Obstacle& frame :
         {bar(x0 - thick, y0 - thick, x1 + thick, y0), bar(x0 - thick, y1, x1 + thick, y1 + thick),
          bar(x0 - thick, y0, x0, y1), bar(x1, y0, x1 + thick, y1)})
        obstacles.push_back(frame);
    if (auto added = graph.add_obstacles(obstacles); !added) return added.error();
    if (Status status = add_scene_links(scene, graph); !status) {
        if (buffer_radius == scene.buffer_radius) return status;
        // A link end free for the scene's radius may not be for a class's.
        char radius_text[32];
        std::snprintf(radius_text, sizeof radius_text, "%g", static_cast<double>(buffer_radius));
        return Status::invalid_input(status.message() + " (obstacles grown by the radius class " +
                                     radius_text + ")");
    }
    return graph;
}

Expected<NavMesh> build_nav_mesh(const Scene& scene, MeshNodes nodes,
                                 const std::vector<float>& radius_classes) {
    auto made = NavMesh::create(
        scene.min, scene.max,
        {.buffer_radius = scene.buffer_radius, .nodes = nodes, .radius_classes = radius_classes});
    if (!made) return made.error();
    NavMesh mesh = std::move(made).value();
    if (auto added = mesh.add_obstacles(scene.obstacles); !added) return added.error();
    for (std::size_t index = 0; index < scene.areas.size(); ++index)
        if (auto added = mesh.add_area(scene.areas[index].outline, scene.areas[index].type); !added)
            return Status::invalid_input("/areas/" + std::to_string(index) + ": " +
                                         added.error().message());
    mesh.triangulate();
    if (Status status = add_scene_links(scene, mesh); !status) return status;
    return mesh;
}

Expected<Scene> load_scene_file(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_scene(text, path);
}

}  // namespace pathkit
