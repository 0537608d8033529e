// Many-agent files: instances from MovingAI files, and the research result format, read strictly.
#include "pathkit/io/mapf_files.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <map>
#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "text_fields.hpp"

namespace pathkit {

namespace {

bool is_key(std::string_view key) {
    return !key.empty() && key.size() <= 64 && std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

// Reads a whole number at `at` (advanced past it) within the tile limits.
bool read_number(std::string_view line, std::size_t& at, long long& value) {
    const char* begin = line.data() + at;
    const auto [end, error] = std::from_chars(begin, line.data() + line.size(), value);
    if (error != std::errc() || end == begin) return false;
    at += static_cast<std::size_t>(end - begin);
    return value >= -limits::max_tile_coordinate && value <= limits::max_tile_coordinate;
}

bool expect(std::string_view line, std::size_t& at, char wanted) {
    if (at >= line.size() || line[at] != wanted) return false;
    ++at;
    return true;
}

// One step line "t:(x,y),(x,y),...,"; an empty string, or what is wrong with it.
std::string read_step(std::string_view line, std::size_t expected_time,
                      std::vector<Cell>& positions) {
    std::size_t at = 0;
    long long time = 0;
    if (!read_number(line, at, time) || !expect(line, at, ':'))
        return "a step line starts with its time and ':'";
    if (time < 0 || static_cast<std::size_t>(time) != expected_time)
        return "step " + std::to_string(time) + " where step " + std::to_string(expected_time) +
               " was expected";
    while (at < line.size()) {
        long long x = 0, y = 0;
        if (!expect(line, at, '(') || !read_number(line, at, x) || !expect(line, at, ',') ||
            !read_number(line, at, y) || !expect(line, at, ')') || !expect(line, at, ','))
            return "position " + std::to_string(positions.size() + 1) +
                   " is not written (x,y), with whole numbers within +-1e9 and a comma after it";
        if (positions.size() >= limits::max_mapf_agents)
            return "more than " + std::to_string(limits::max_mapf_agents) + " agents";
        positions.push_back({static_cast<int>(x), static_cast<int>(y)});
    }
    return {};
}

}  // namespace

Expected<MapfInstance> load_mapf_instance(const std::string& map_path,
                                          const std::string& scenario_path, std::size_t agents) {
    auto map = load_moving_ai_map(map_path);
    if (!map) return map.error();
    auto scenario = load_moving_ai_scenario(scenario_path);
    if (!scenario) return scenario.error();
    const std::vector<ScenarioQuery>& rows = scenario.value().queries;
    if (agents < 1 || agents > rows.size())
        return Status::invalid_input(scenario_path + ": " + std::to_string(rows.size()) +
                                     " rows, so 1 to " + std::to_string(rows.size()) +
                                     " agents, not " + std::to_string(agents));
    MapfInstance instance{.map = std::move(map).value(), .starts = {}, .goals = {}};
    std::map<Cell, std::size_t> start_of, goal_of;
    for (std::size_t row = 0; row < agents; ++row) {
        const ScenarioQuery& query = rows[row];
        const std::string where = scenario_path + ": row " + std::to_string(row + 1) + ": ";
        if (Status status = check_query(query, instance.map); !status)
            return Status::invalid_input(where + status.message());
        if (const auto [other, added] = start_of.try_emplace(query.start, row); !added)
            return Status::invalid_input(where + "start " + to_string(query.start) +
                                         " is also row " + std::to_string(other->second + 1) +
                                         "'s");
        if (const auto [other, added] = goal_of.try_emplace(query.goal, row); !added)
            return Status::invalid_input(where + "goal " + to_string(query.goal) + " is also row " +
                                         std::to_string(other->second + 1) + "'s");
        instance.starts.push_back(query.start);
        instance.goals.push_back(query.goal);
    }
    return instance;
}

std::string MapfResultFile::field(std::string_view key) const {
    for (const auto& [name, value] : fields)
        if (name == key) return value;
    return {};
}

std::string mapf_result_text(const MapfResultFile& result) {
    std::string text;
    for (const auto& [key, value] : result.fields)
        text += key + "=" + value + "\n";
    text += "solution=\n";
    for (std::size_t t = 0; t < result.steps.size(); ++t) {
        text += std::to_string(t) + ":";
        for (const Cell cell : result.steps[t])
            text += "(" + std::to_string(cell.x) + "," + std::to_string(cell.y) + "),";
        text += "\n";
    }
    return text;
}

Expected<MapfResultFile> read_mapf_result(std::istream& input, std::string_view source) {
    std::string text;
    if (Status status = io_detail::read_stream_text(input, source, text); !status) return status;
    MapfResultFile result;
    bool in_solution = false;
    std::size_t positions = 0;
    io_detail::LineReader reader(text, source);
    const auto refuse = [&](const std::string& what) { return reader.error(what); };
    std::string_view line;
    while (reader.next(line)) {
        if (line.empty()) continue;
        if (!in_solution) {
            const std::size_t equals = line.find('=');
            if (equals == std::string_view::npos || !is_key(line.substr(0, equals)))
                return refuse("expected key=value, the key made of letters, digits and _");
            const std::string_view key = line.substr(0, equals), value = line.substr(equals + 1);
            if (key == "solution") {
                if (!value.empty()) return refuse("the steps start on the line after solution=");
                in_solution = true;
                continue;
            }
            result.fields.emplace_back(key, value);
            continue;
        }
        std::vector<Cell> step;
        if (std::string problem = read_step(line, result.steps.size(), step); !problem.empty())
            return refuse(problem);
        if (!result.steps.empty() && step.size() != result.steps.front().size())
            return refuse(std::to_string(step.size()) + " positions, but step 0 has " +
                          std::to_string(result.steps.front().size()));
        positions += step.size();
        if (positions > limits::max_mapf_positions)
            return refuse("more than " + std::to_string(limits::max_mapf_positions) +
                          " positions in all");
        result.steps.push_back(std::move(step));
    }
    if (!in_solution) {
        return refuse("no solution= line");
    }
    return result;
}

Expected<MapfResultFile> load_mapf_result(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    std::istringstream input(std::move(text));
    return read_mapf_result(input, path);
}

}  // namespace pathkit
