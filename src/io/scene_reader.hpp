// Internal to io/: reading the scene members of a JSON document (bounds, buffer radius,
// obstacles, queries), shared by scene files and agents scenario files.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "json_reader.hpp"
#include "pathkit/io/scene_file.hpp"

namespace pathkit::io_detail {

/// A `JsonReader` that also reads the members a scene file has.
class SceneReader : public JsonReader {
  public:
    using JsonReader::JsonReader;

    /// Reads "bounds" and "obstacles" (required), "buffer_radius", "links" and "queries" (optional)
    /// into `scene`, as pathkit/io/scene_file.hpp describes them (obstacle ids unique). Other
    /// keys are not looked at: the caller checks the document's keys. Refused with the first
    /// error recorded.
    Status read_members(const nlohmann::json& document, Scene& scene);

    /// "radius_classes" of `document` (absent: none) into `classes`: at most
    /// `limits::max_radius_classes`, each in [0, 100,000] and at most half the smaller side of
    /// `scene`'s bounds, so that an agent of it fits.
    Status read_radius_classes(const nlohmann::json& document, const Scene& scene,
                               std::vector<float>& classes);

    /// Points an obstacle counts towards `limits::max_scene_points`: a circle 1, a polygon
    /// its corners.
    [[nodiscard]] static std::size_t points_of(const Obstacle& obstacle);

    /// A query's "filter" at `where` ({"exclude": [types], "costs": {"type": cost},
    /// "points_per_edge": n}, each optional) into `filter`; a type must be 0 or the type of
    /// one of `scene`'s areas. Refused with the first error recorded.
    Status read_area_filter(const nlohmann::json& value, const std::string& where,
                            const Scene& scene, AreaFilter& filter);

  protected:
    /// One obstacle at `where`: {"polygon": [...]} or {"circle": {...}}, either with an
    /// optional "id" (1..`limits::max_obstacle_name_bytes` bytes) put into `name` ("" when
    /// absent), checked by `Obstacle::validate`.
    Expected<Obstacle> read_obstacle(const nlohmann::json& value, const std::string& where,
                                     std::string& name);
};

}  // namespace pathkit::io_detail
