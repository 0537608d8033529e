// Crowd scenario files and run traces (see pathkit/io/crowd_file.hpp), with nlohmann/json.
#include "pathkit/io/crowd_file.hpp"
#include "file_text.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "json_reader.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit {

namespace {

using nlohmann::json;

/// Reads a scenario out of the document, naming the JSON pointer of anything wrong.
class CrowdReader : public io_detail::JsonReader {
  public:
    CrowdReader(std::string_view source, const std::string& folder)
        : JsonReader(source), folder_(folder) {}

    Expected<CrowdScenario> read(const json& document) {
        CrowdScenario scenario;
        if (!document.is_object()) return error("", "the scenario must be a JSON object");
        static const std::set<std::string> known{
            "map",           "diagonal",         "straight_cost",
            "diagonal_cost", "occupied_penalty", "patience_ticks",
            "units",         "commands",         "max_ticks"};
        for (const auto& [key, value] : document.items())
            if (!known.contains(key)) return error("/" + key, "unknown key");
        if (auto map = read_map(document); !map) {
            return map.error();
        } else {
            scenario.map = std::move(map).value();
        }
        if (Status status = read_options(document, scenario.options); !status) return status;
        if (!document.contains("units") || !document["units"].is_array())
            return error("/units", "expected an array of units");
        const json& units = document["units"];
        for (std::size_t index = 0; index < units.size(); ++index) {
            const std::string where = "/units/" + std::to_string(index);
            const json& unit = units[index];
            long long name = 0;
            ScenarioUnit placed;
            if (!unit.is_object() || !unit.contains("id") || !unit.contains("at"))
                return error(where, "expected {\"id\": n, \"at\": [x, y]}");
            if (!integer(unit["id"], where + "/id", name) ||
                !cell(unit["at"], where + "/at", placed.at))
                return failure();
            placed.name = static_cast<int>(name);
            const std::string state = unit.value("state", "idle");
            if (state != "idle" && state != "attacking")
                return error(where + "/state", "expected \"idle\" or \"attacking\"");
            placed.state = state == "idle" ? UnitState::Idle : UnitState::Attacking;
            if (!scenario.map.is_walkable(placed.at))
                return error(where + "/at",
                             to_string(placed.at) + " is outside the map or blocked");
            scenario.units.push_back(placed);
        }
        if (document.contains("commands")) {
            const json& commands = document["commands"];
            if (!commands.is_array()) return error("/commands", "expected an array");
            for (std::size_t index = 0; index < commands.size(); ++index) {
                const std::string where = "/commands/" + std::to_string(index);
                const json& command = commands[index];
                if (!command.is_object() || !command.contains("units") || !command.contains("to") ||
                    !command["units"].is_array())
                    return error(where, "expected {\"tick\": t, \"units\": [ids], \"to\": [x, y]}");
                ScenarioCommand read_command;
                long long tick = 0;
                if (command.contains("tick") && !integer(command["tick"], where + "/tick", tick))
                    return failure();
                if (tick < 0) return error(where + "/tick", "must be >= 0");
                read_command.tick = static_cast<std::uint64_t>(tick);
                for (std::size_t member = 0; member < command["units"].size(); ++member) {
                    long long name = 0;
                    if (!integer(command["units"][member],
                                 where + "/units/" + std::to_string(member), name))
                        return failure();
                    read_command.units.push_back(static_cast<int>(name));
                }
                if (!cell(command["to"], where + "/to", read_command.to)) return failure();
                scenario.commands.push_back(std::move(read_command));
            }
        }
        if (document.contains("max_ticks")) {
            long long ticks = 0;
            if (!integer(document["max_ticks"], "/max_ticks", ticks)) return failure();
            if (ticks < 0) return error("/max_ticks", "must be >= 0");
            scenario.max_ticks = static_cast<std::uint64_t>(ticks);
        }
        return scenario;
    }

  private:
    Expected<GridMap> read_map(const json& document) {
        if (!document.contains("map") || !document["map"].is_object())
            return error("/map", "expected {\"rows\": [...]} or {\"file\": \"x.map\"}");
        const json& map = document["map"];
        if (map.contains("rows") && map["rows"].is_array()) {
            std::vector<std::string> rows;
            for (const json& row : map["rows"]) {
                if (!row.is_string()) return error("/map/rows", "expected strings of tiles");
                rows.push_back(row.get<std::string>());
            }
            auto grid = map_from_rows(rows, "/map/rows");
            if (!grid) return error("", grid.error().message());
            return grid;
        }
        if (map.contains("file") && map["file"].is_string()) {
            const std::filesystem::path file(map["file"].get<std::string>());
            const std::string path = file.is_absolute()
                                         ? file.string()
                                         : (std::filesystem::path(folder_) / file).string();
            auto grid = load_moving_ai_map(path);
            if (!grid) return error("/map/file", grid.error().message());
            return grid;
        }
        return error("/map", "expected {\"rows\": [...]} or {\"file\": \"x.map\"}");
    }

    Status read_options(const json& document, CrowdOptions& options) {
        if (document.contains("diagonal")) {
            const json& name = document["diagonal"];
            const std::string text = name.is_string() ? name.get<std::string>() : "";
            if (text == "never")
                options.rules.diagonal = DiagonalPolicy::Never;
            else if (text == "always")
                options.rules.diagonal = DiagonalPolicy::Always;
            else if (text == "at-least-one-walkable")
                options.rules.diagonal = DiagonalPolicy::AtLeastOneWalkable;
            else if (text == "no-corner-cutting")
                options.rules.diagonal = DiagonalPolicy::NoCornerCutting;
            else
                return error("/diagonal",
                             "expected never, always, at-least-one-walkable or "
                             "no-corner-cutting");
        }
        for (const auto& [key, target] :
             {std::pair{"straight_cost", &options.rules.straight_cost},
              std::pair{"diagonal_cost", &options.rules.diagonal_cost},
              std::pair{"occupied_penalty", &options.occupied_penalty}}) {
            if (document.contains(key) && !number(document[key], std::string("/") + key, *target))
                return failure();
        }
        if (document.contains("patience_ticks")) {
            long long ticks = 0;
            if (!integer(document["patience_ticks"], "/patience_ticks", ticks)) return failure();
            options.patience_ticks = static_cast<int>(std::clamp<long long>(ticks, -1, 1'000'000));
        }
        return {};
    }

    std::string folder_;
};

}  // namespace

Expected<CrowdScenario> parse_crowd_scenario(std::string_view text, std::string_view source_name,
                                             const std::string& folder) {
    json document;
    if (Status status = io_detail::parse_json(text, source_name, document); !status) return status;
    return CrowdReader(source_name, folder).read(document);
}

Expected<CrowdScenario> load_crowd_scenario(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_crowd_scenario(text, path, std::filesystem::path(path).parent_path().string());
}

std::string crowd_trace_json(const CrowdScenario& scenario, const CrowdRunReport& report) {
    json ticks = json::array();
    for (const std::vector<Cell>& positions : report.positions) {
        json tick = json::array();
        for (std::size_t unit = 0; unit < positions.size() && unit < scenario.units.size(); ++unit)
            tick.push_back({scenario.units[unit].name, positions[unit].x, positions[unit].y});
        ticks.push_back(std::move(tick));
    }
    json events = json::array();
    for (const CrowdEvent& event : report.events)
        events.push_back({{"tick", event.tick},
                          {"unit", scenario.units[event.unit.index()].name},
                          {"kind", to_string(event.kind)}});
    return json{{"ticks", std::move(ticks)}, {"events", std::move(events)}}.dump();
}

}  // namespace pathkit
