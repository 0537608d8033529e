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

    /// Reads "bounds" and "obstacles" (required), "buffer_radius" and "queries" (optional)
    /// into `scene`, as pathkit/io/scene_file.hpp describes them. Other keys are not looked
    /// at: the caller checks the document's keys. Refused with the first error recorded.
    Status read_members(const nlohmann::json& document, Scene& scene);

  private:
    Expected<Obstacle> read_obstacle(const nlohmann::json& value, const std::string& where);
};

}  // namespace pathkit::io_detail
