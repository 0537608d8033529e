// Lifelong many-agent files: the tasks file read strictly, and the finished steps of a result.
#include "pathkit/io/mapf_tasks.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>

#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "text_fields.hpp"

namespace pathkit {

namespace {

// The words of a line split on spaces and tabs.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t at = 0;
    while (at < line.size()) {
        while (at < line.size() && (line[at] == ' ' || line[at] == '\t'))
            ++at;
        const std::size_t begin = at;
        while (at < line.size() && line[at] != ' ' && line[at] != '\t')
            ++at;
        if (at > begin) words.push_back(line.substr(begin, at - begin));
    }
    return words;
}

// A whole number written in full (digits, an optional leading '-'), or false.
bool whole_number(std::string_view word, long long& value) {
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    return error == std::errc() && end == word.data() + word.size();
}

}  // namespace

std::string mapf_tasks_text(std::size_t agents, std::span<const LifelongTask> tasks) {
    std::string text = "pathkit-tasks 1\nagents " + std::to_string(agents) + "\ntasks " +
                       std::to_string(tasks.size()) + "\n";
    for (const LifelongTask& task : tasks)
        text += std::to_string(task.agent) + " " + std::to_string(task.tile.x) + " " +
                std::to_string(task.tile.y) + "\n";
    return text;
}

Expected<MapfTasksFile> read_mapf_tasks(std::istream& input, std::string_view source,
                                        const GridMap& map) {
    std::string text;
    if (Status status = io_detail::read_stream_text(input, source, text); !status) return status;
    MapfTasksFile file;
    std::size_t stated_tasks = 0, header_lines = 0;
    io_detail::LineReader reader(text, source);
    const auto refuse = [&](const std::string& what) { return reader.error(what); };
    std::string_view line;
    while (reader.next(line)) {
        for (const char c : line)
            if (static_cast<unsigned char>(c) >= 0x7f ||
                (static_cast<unsigned char>(c) < 0x20 && c != '\t')) {
                char code[8];
                std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned char>(c));
                return refuse(std::string("byte ") + code +
                              " is not printable ASCII: a tasks file is plain text");
            }
        const std::vector<std::string_view> words = words_of(line);
        if (words.empty() || words[0].front() == '#') continue;
        long long number = 0;
        if (header_lines == 0) {
            if (words.size() != 2 || words[0] != "pathkit-tasks" || words[1] != "1")
                return refuse("expected the header 'pathkit-tasks 1'");
        } else if (header_lines == 1) {
            if (words.size() != 2 || words[0] != "agents" || !whole_number(words[1], number) ||
                number < 1 || static_cast<unsigned long long>(number) > limits::max_mapf_agents)
                return refuse("expected 'agents N' with N from 1 to " +
                              std::to_string(limits::max_mapf_agents));
            file.agents = static_cast<std::size_t>(number);
        } else if (header_lines == 2) {
            if (words.size() != 2 || words[0] != "tasks" || !whole_number(words[1], number) ||
                number < 0 || static_cast<unsigned long long>(number) > limits::max_lifelong_tasks)
                return refuse("expected 'tasks M' with M from 0 to " +
                              std::to_string(limits::max_lifelong_tasks));
            stated_tasks = static_cast<std::size_t>(number);
            file.tasks.reserve(stated_tasks);
            file.lines.reserve(stated_tasks);
        } else {
            long long agent = 0, x = 0, y = 0;
            if (words.size() != 3 || !whole_number(words[0], agent) || !whole_number(words[1], x) ||
                !whole_number(words[2], y))
                return refuse("expected a task 'AGENT X Y': three whole numbers");
            if (file.tasks.size() == stated_tasks)
                return refuse("more task lines than the " + std::to_string(stated_tasks) +
                              " stated");
            if (agent < 0 || static_cast<unsigned long long>(agent) >= file.agents)
                return refuse("agent " + std::string(words[0].substr(0, 24)) +
                              " is unknown: the file has agents 0 to " +
                              std::to_string(file.agents - 1));
            if (x < -limits::max_tile_coordinate || x > limits::max_tile_coordinate ||
                y < -limits::max_tile_coordinate || y > limits::max_tile_coordinate ||
                !map.contains({static_cast<int>(x), static_cast<int>(y)}))
                return refuse("tile " + std::string(words[1].substr(0, 24)) + "," +
                              std::string(words[2].substr(0, 24)) + " is outside the map");
            const Cell tile{static_cast<int>(x), static_cast<int>(y)};
            if (!map.is_walkable(tile)) return refuse("tile " + to_string(tile) + " is blocked");
            file.tasks.push_back({static_cast<std::uint32_t>(agent), tile});
            file.lines.push_back(reader.number());
            continue;
        }
        ++header_lines;
    }
    if (header_lines < 3) {
        return refuse("the header ('pathkit-tasks 1', 'agents N', 'tasks M') is not complete");
    }
    if (file.tasks.size() != stated_tasks)
        return refuse(std::to_string(file.tasks.size()) + " task lines, but 'tasks " +
                      std::to_string(stated_tasks) + "' was stated");
    return file;
}

Expected<MapfTasksFile> load_mapf_tasks(const std::string& path, const GridMap& map) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    std::istringstream input(std::move(text));
    return read_mapf_tasks(input, path, map);
}

void add_lifelong_finished(MapfResultFile& result,
                           const std::vector<std::vector<std::uint64_t>>& finished) {
    for (std::size_t agent = 0; agent < finished.size(); ++agent) {
        std::string steps;
        for (const std::uint64_t step : finished[agent])
            steps += (steps.empty() ? "" : ",") + std::to_string(step);
        result.fields.emplace_back("finished_" + std::to_string(agent), std::move(steps));
    }
}

Expected<std::vector<std::vector<std::uint64_t>>> lifelong_finished(const MapfResultFile& result,
                                                                    std::size_t agents,
                                                                    std::string_view source) {
    std::vector<std::vector<std::uint64_t>> finished(agents);
    constexpr std::string_view prefix = "finished_";
    for (const auto& [key, value] : result.fields) {
        if (!key.starts_with(prefix)) continue;
        long long agent = 0;
        const std::string_view number = std::string_view(key).substr(prefix.size());
        const auto refuse = [&](const std::string& what) {
            return Status::invalid_input(std::string(source) + ": field " + key + ": " + what);
        };
        if (!whole_number(number, agent) || agent < 0 ||
            static_cast<unsigned long long>(agent) >= agents)
            return refuse("no such agent (" + std::to_string(agents) + " agents)");
        std::vector<std::uint64_t>& steps = finished[static_cast<std::size_t>(agent)];
        if (!steps.empty()) return refuse("stated twice");
        for (std::size_t at = 0; at < value.size();) {
            const std::size_t comma = std::min(value.find(',', at), value.size());
            long long step = 0;
            if (!whole_number(std::string_view(value).substr(at, comma - at), step) || step < 0 ||
                static_cast<unsigned long long>(step) > limits::max_lifelong_steps)
                return refuse("expected steps from 0 to " +
                              std::to_string(limits::max_lifelong_steps) + ", comma-separated");
            if (steps.size() >= limits::max_lifelong_tasks)
                return refuse("more than " + std::to_string(limits::max_lifelong_tasks) + " tasks");
            steps.push_back(static_cast<std::uint64_t>(step));
            at = comma + 1;
        }
    }
    return finished;
}

}  // namespace pathkit
