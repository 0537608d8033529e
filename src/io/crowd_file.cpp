// Crowd scenario files and run traces (see pathkit/io/crowd_file.hpp), with nlohmann/json.
#include "pathkit/io/crowd_file.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>
#include <tuple>

#include "input_file.hpp"
#include "json_reader.hpp"
#include "pathkit/io/limits.hpp"
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
        if (!object(
                document, "",
                {"map", "diagonal", "straight_cost", "diagonal_cost", "occupied_penalty",
                 "patience_ticks", "lifelong_orders", "units", "commands", "changes", "max_ticks"}))
            return failure();
        if (auto map = read_map(document); !map) {
            return map.error();
        } else {
            scenario.map = std::move(map).value();
        }
        if (Status status = read_options(document, scenario.options); !status) return status;
        if (Status status = read_units(document, scenario); !status) return status;
        if (Status status = read_commands(document, scenario); !status) return status;
        if (const json* ticks = io_detail::member(document, "max_ticks")) {
            std::int64_t read = 0;
            if (!integer(*ticks, "/max_ticks", read, 0,
                         static_cast<std::int64_t>(limits::max_crowd_ticks)))
                return failure();
            scenario.max_ticks = static_cast<std::uint64_t>(read);
        }
        if (Status status = read_changes(document, scenario); !status) return status;
        return scenario;
    }

  private:
    Status read_units(const json& document, CrowdScenario& scenario) {
        const json* units = io_detail::member(document, "units");
        if (!units) return error("", "missing \"units\"");
        if (!array(*units, "/units", limits::max_crowd_units)) return failure();
        for (std::size_t index = 0; index < units->size(); ++index) {
            const std::string where = "/units/" + std::to_string(index);
            const json& unit = (*units)[index];
            if (!object(unit, where, {"id", "at", "state", "size"})) return failure();
            const json* id = io_detail::member(unit, "id");
            const json* at = io_detail::member(unit, "at");
            if (!id || !at) return error(where, "expected {\"id\": n, \"at\": [x, y]}");
            std::int64_t name = 0;
            ScenarioUnit placed;
            if (!integer(*id, where + "/id", name, 0, limits::max_file_id) ||
                !cell(*at, where + "/at", placed.at))
                return failure();
            placed.name = static_cast<int>(name);
            std::string state = "idle";
            if (const json* given = io_detail::member(unit, "state");
                given && !text(*given, where + "/state", state))
                return failure();
            if (state != "idle" && state != "attacking")
                return error(where + "/state", "expected \"idle\" or \"attacking\"");
            placed.state = state == "idle" ? UnitState::Idle : UnitState::Attacking;
            std::int64_t size = 1;
            if (const json* given = io_detail::member(unit, "size");
                given && !integer(*given, where + "/size", size, 1, max_unit_size))
                return failure();
            placed.size = static_cast<int>(size);
            if (!scenario.map.is_walkable(placed.at))
                return error(where + "/at",
                             to_string(placed.at) + " is outside the map or blocked");
            for (int y = placed.at.y; y < placed.at.y + placed.size; ++y)
                for (int x = placed.at.x; x < placed.at.x + placed.size; ++x)
                    if (!scenario.map.is_walkable({x, y}))
                        return error(where + "/size",
                                     "a unit of size " + std::to_string(placed.size) + " at " +
                                         to_string(placed.at) + " covers " + to_string(Cell{x, y}) +
                                         ", outside the map or blocked");
            scenario.units.push_back(placed);
        }
        return {};
    }

    Status read_commands(const json& document, CrowdScenario& scenario) {
        const json* commands = io_detail::member(document, "commands");
        if (!commands) return {};
        if (!array(*commands, "/commands", limits::max_crowd_commands)) return failure();
        for (std::size_t index = 0; index < commands->size(); ++index) {
            const std::string where = "/commands/" + std::to_string(index);
            const json& command = (*commands)[index];
            if (!object(command, where, {"tick", "units", "to", "coordinated", "flow", "queue"}))
                return failure();
            const json* units = io_detail::member(command, "units");
            const json* to = io_detail::member(command, "to");
            if (!units || !to)
                return error(where, "expected {\"tick\": t, \"units\": [ids], \"to\": [x, y]}");
            ScenarioCommand read_command;
            if (const json* tick = io_detail::member(command, "tick")) {
                std::int64_t read = 0;
                if (!integer(*tick, where + "/tick", read, 0,
                             static_cast<std::int64_t>(limits::max_crowd_ticks)))
                    return failure();
                read_command.tick = static_cast<std::uint64_t>(read);
            }
            if (!array(*units, where + "/units", limits::max_crowd_units)) return failure();
            if (units->empty()) return error(where + "/units", "names no unit");
            for (std::size_t member = 0; member < units->size(); ++member) {
                std::int64_t name = 0;
                if (!integer((*units)[member], where + "/units/" + std::to_string(member), name, 0,
                             limits::max_file_id))
                    return failure();
                read_command.units.push_back(static_cast<int>(name));
            }
            if (!cell(*to, where + "/to", read_command.to)) return failure();
            if (const json* coordinated = io_detail::member(command, "coordinated"))
                if (!boolean(*coordinated, where + "/coordinated", read_command.coordinated))
                    return failure();
            if (const json* flow = io_detail::member(command, "flow")) {
                bool by_field = false;
                if (!boolean(*flow, where + "/flow", by_field)) return failure();
                if (read_command.coordinated)
                    return error(where + "/flow",
                                 "a coordinated move is planned together, not by a flow field");
                read_command.planning =
                    by_field ? GroupPlanning::FlowField : GroupPlanning::Searches;
            }
            if (const json* queue = io_detail::member(command, "queue")) {
                if (!boolean(*queue, where + "/queue", read_command.queued)) return failure();
                if (read_command.queued &&
                    (read_command.coordinated || io_detail::member(command, "flow")))
                    return error(where + "/queue",
                                 "a queued order goes to each unit alone, not coordinated or by "
                                 "a flow field");
            }
            scenario.commands.push_back(std::move(read_command));
        }
        return {};
    }

    // "changes": [{"tick": t, "block": [[x, y], ...]} or {"tick": t, "open": [...]}, ...]: each
    // tile inside the map, named once per change and once per tick, at a tick the run reaches.
    Status read_changes(const json& document, CrowdScenario& scenario) {
        const json* changes = io_detail::member(document, "changes");
        if (!changes) return {};
        if (!array(*changes, "/changes", limits::max_crowd_changes)) return failure();
        std::map<std::pair<std::uint64_t, Cell>, std::string> changed;  // (tick, tile) -> where
        for (std::size_t index = 0; index < changes->size(); ++index) {
            const std::string where = "/changes/" + std::to_string(index);
            const json& change = (*changes)[index];
            if (!object(change, where, {"tick", "block", "open"})) return failure();
            const json* tick = io_detail::member(change, "tick");
            const json* block = io_detail::member(change, "block");
            const json* open = io_detail::member(change, "open");
            if (!tick || (block != nullptr) == (open != nullptr))
                return error(where,
                             "expected {\"tick\": t, \"block\": [[x, y], ...]} or "
                             "{\"tick\": t, \"open\": [[x, y], ...]}");
            ScenarioChange read_change;
            std::int64_t at_tick = 0;
            if (!integer(*tick, where + "/tick", at_tick, 0,
                         static_cast<std::int64_t>(limits::max_crowd_ticks)))
                return failure();
            read_change.tick = static_cast<std::uint64_t>(at_tick);
            if (read_change.tick >= scenario.max_ticks)
                return error(where + "/tick", std::to_string(at_tick) +
                                                  " is not before max_ticks (" +
                                                  std::to_string(scenario.max_ticks) + ")");
            read_change.walkable = open != nullptr;
            const json& tiles = open ? *open : *block;
            const std::string list = where + (open ? "/open" : "/block");
            if (!array(tiles, list, limits::max_crowd_changed_tiles)) return failure();
            if (tiles.empty()) return error(list, "names no tile");
            for (std::size_t member = 0; member < tiles.size(); ++member) {
                const std::string place = list + "/" + std::to_string(member);
                Cell tile;
                if (!cell(tiles[member], place, tile)) return failure();
                if (!scenario.map.contains(tile))
                    return error(place, to_string(tile) + " is outside the map");
                const auto [before, fresh] = changed.try_emplace({read_change.tick, tile}, place);
                if (!fresh)
                    return error(place, to_string(tile) + " is changed at tick " +
                                            std::to_string(at_tick) + " already (" +
                                            before->second + ")");
                read_change.tiles.push_back(tile);
            }
            scenario.changes.push_back(std::move(read_change));
        }
        return {};
    }

    Expected<GridMap> read_map(const json& document) {
        const json* map = io_detail::member(document, "map");
        const char* expected = "expected {\"rows\": [...]} or {\"file\": \"x.map\"}";
        if (!map) return error("", "missing \"map\"");
        if (!object(*map, "/map", {"rows", "file"})) return failure();
        if (const json* rows = io_detail::member(*map, "rows"); rows && map->size() == 1) {
            if (!array(*rows, "/map/rows", GridMap::max_side)) return failure();
            std::vector<std::string> lines(rows->size());
            for (std::size_t index = 0; index < rows->size(); ++index)
                if (!text((*rows)[index], "/map/rows/" + std::to_string(index), lines[index]))
                    return failure();
            auto grid = map_from_rows(lines, "/map/rows");
            if (!grid) return error("", grid.error().message());
            return grid;
        }
        if (const json* file = io_detail::member(*map, "file"); file && map->size() == 1) {
            std::string name;
            if (!text(*file, "/map/file", name)) return failure();
            const std::filesystem::path path(name);
            auto grid = load_moving_ai_map(path.is_absolute()
                                               ? path.string()
                                               : (std::filesystem::path(folder_) / path).string());
            if (!grid) return error("/map/file", grid.error().message());
            return grid;
        }
        return error("/map", expected);
    }

    Status read_options(const json& document, CrowdOptions& options) {
        if (const json* name = io_detail::member(document, "diagonal")) {
            std::string text_name;
            if (!text(*name, "/diagonal", text_name)) return failure();
            const auto policy = diagonal_policy_named(text_name);
            if (!policy)
                return error("/diagonal", "expected one of " + std::string(diagonal_policy_names));
            options.rules.diagonal = *policy;
        }
        for (const auto& [key, target, low] :
             {std::tuple{"straight_cost", &options.rules.straight_cost, 1e-6},
              std::tuple{"diagonal_cost", &options.rules.diagonal_cost, 1e-6},
              std::tuple{"occupied_penalty", &options.occupied_penalty, 0.0}}) {
            if (const json* value = io_detail::member(document, key);
                value && !number(*value, std::string("/") + key, *target, low, 1e6))
                return failure();
        }
        if (const json* patience = io_detail::member(document, "patience_ticks")) {
            std::int64_t ticks = 0;
            if (!integer(*patience, "/patience_ticks", ticks, 1, 1'000'000)) return failure();
            options.patience_ticks = static_cast<int>(ticks);
        }
        if (const json* lifelong = io_detail::member(document, "lifelong_orders"))
            if (!boolean(*lifelong, "/lifelong_orders", options.lifelong_orders)) return failure();
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

namespace {

// The trace's text, written to `out` (a counter or a string): compact JSON with the keys in
// order, as nlohmann/json writes it; ids, coordinates and ticks are integers, kinds plain words.
template <class Out>
void write_trace(const CrowdScenario& scenario, const CrowdRunReport& report, Out& out) {
    out("{\"events\":[");
    for (std::size_t index = 0; index < report.events.size(); ++index) {
        const CrowdEvent& event = report.events[index];
        out(index == 0 ? "{\"kind\":\"" : ",{\"kind\":\"");
        out(to_string(event.kind));
        out("\",\"tick\":");
        out(std::to_string(event.tick));
        out(",\"unit\":");
        out(std::to_string(scenario.units[event.unit.index()].name));
        out("}");
    }
    out("],\"ticks\":[");
    for (std::size_t tick = 0; tick < report.positions.size(); ++tick) {
        out(tick == 0 ? "[" : ",[");
        const std::vector<Cell>& positions = report.positions[tick];
        for (std::size_t unit = 0; unit < positions.size() && unit < scenario.units.size();
             ++unit) {
            out(unit == 0 ? "[" : ",[");
            out(std::to_string(scenario.units[unit].name));
            out(",");
            out(std::to_string(positions[unit].x));
            out(",");
            out(std::to_string(positions[unit].y));
            out("]");
        }
        out("]");
    }
    out("]}");
}

std::size_t digits(std::int64_t value) {
    return std::to_string(value).size();
}

}  // namespace

std::string crowd_trace_json(const CrowdScenario& scenario, const CrowdRunReport& report) {
    std::size_t size = 0;
    const auto count = [&](std::string_view part) { size += part.size(); };
    write_trace(scenario, report, count);
    std::string text;
    text.reserve(size + 1);  // and a final newline, should the caller add one
    const auto append = [&](std::string_view part) { text += part; };
    write_trace(scenario, report, append);
    return text;
}

CrowdTraceMemory crowd_trace_json_memory(const CrowdScenario& scenario) {
    std::size_t name = 1, x = 1, y = 1;
    for (const ScenarioUnit& unit : scenario.units)
        name = std::max(name, digits(unit.name));
    const Cell low = scenario.map.origin();
    const Cell high{low.x + scenario.map.width() - 1, low.y + scenario.map.height() - 1};
    x = std::max(digits(low.x), digits(high.x));
    y = std::max(digits(low.y), digits(high.y));
    CrowdTraceMemory memory;
    memory.per_position += 4 + name + x + y;  // [id,x,y],
    memory.per_tick += 3;                     // [],
    memory.per_event += 60 + name;            // {"kind":"deadlock_resolved","tick":N,"unit":N},
    return memory;
}

}  // namespace pathkit
