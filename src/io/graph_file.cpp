// Parser for the `.graph` text format (see pathkit/io/graph_file.hpp).
#include "pathkit/io/graph_file.hpp"

#include "text_fields.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

namespace pathkit {

std::optional<NodeId> NamedGraph::find(std::string_view name) const {
    auto found = ids.find(std::string(name));
    if (found == ids.end()) return std::nullopt;
    return found->second;
}

namespace {

using io_detail::split_words;

std::optional<float> parse_finite(std::string_view word) {
    float value = 0;
    if (!io_detail::parse_number(word, value) || !std::isfinite(value)) return std::nullopt;
    return value;
}

/// Reads one file, statement by statement, keeping the place for error messages.
class GraphReader {
  public:
    explicit GraphReader(std::string_view source) : source_(source) {}

    Status read_line(std::string_view line) {
        ++line_number_;
        if (const auto comment = line.find('#'); comment != std::string_view::npos) {
            line = line.substr(0, comment);
        }
        const auto words = split_words(line);
        if (words.empty()) return {};
        if (words[0] == "node") return read_node(words);
        if (words[0] == "edge") return read_edge(words);
        if (words[0] == "disable") return read_disable(words);
        return error("unknown statement '" + std::string(words[0]) +
                     "' (expected node, edge or disable)");
    }

    NamedGraph take() { return std::move(result_); }

  private:
    Status error(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ":" + std::to_string(line_number_) +
                                     ": " + what);
    }

    NodeId node_named(std::string_view name, std::optional<Point3> position = std::nullopt) {
        if (auto existing = result_.find(name)) return *existing;
        const NodeId id = position ? result_.graph.add_node(*position) : result_.graph.add_node();
        result_.names.emplace_back(name);
        result_.ids.emplace(std::string(name), id);
        return id;
    }

    Status read_node(const std::vector<std::string_view>& words) {
        if (words.size() != 2 && words.size() != 4 && words.size() != 5) {
            return error("expected 'node NAME [X Y [Z]]'");
        }
        if (result_.find(words[1])) {
            return error("node '" + std::string(words[1]) + "' is declared twice");
        }
        if (words.size() == 2) {
            node_named(words[1]);
            return {};
        }
        Point3 position;
        float* coordinates[] = {&position.x, &position.y, &position.z};
        for (std::size_t index = 2; index < words.size(); ++index) {
            auto value = parse_finite(words[index]);
            if (!value) {
                return error("coordinate '" + std::string(words[index]) +
                             "' is not a finite number");
            }
            *coordinates[index - 2] = *value;
        }
        node_named(words[1], position);
        return {};
    }

    Status read_edge(const std::vector<std::string_view>& words) {
        if ((words.size() != 4 && words.size() != 5) || (words[2] != "->" && words[2] != "<->")) {
            return error("expected 'edge FROM -> TO [COST]' or 'edge FROM <-> TO [COST]'");
        }
        std::optional<Cost> cost;
        if (words.size() == 5) {
            cost = parse_finite(words[4]);
            if (!cost || *cost < 0) {
                return error("cost '" + std::string(words[4]) + "' is not a finite number >= 0");
            }
        }
        if (words[1] == words[3]) {
            return error("node '" + std::string(words[1]) + "' cannot be connected to itself");
        }
        const NodeId from = node_named(words[1]);
        const NodeId to[] = {node_named(words[3])};
        auto status = result_.graph.add_connections(from, to, words[2] == "<->", cost);
        return status ? status : error(status.message());
    }

    Status read_disable(const std::vector<std::string_view>& words) {
        if (words.size() != 2) return error("expected 'disable NAME'");
        auto node = result_.find(words[1]);
        if (!node) return error("node '" + std::string(words[1]) + "' is not declared");
        return result_.graph.set_enabled(*node, false);
    }

    std::string_view source_;
    std::size_t line_number_ = 0;
    NamedGraph result_;
};

}  // namespace

Expected<NamedGraph> read_graph(std::istream& input, std::string_view source_name) {
    GraphReader reader(source_name);
    std::string line;
    while (std::getline(input, line)) {
        if (auto status = reader.read_line(line); !status) return status;
    }
    NamedGraph graph = reader.take();
    if (graph.graph.node_count() == 0) {
        return Status::invalid_input(std::string(source_name) + ": the graph has no nodes");
    }
    return graph;
}

Expected<NamedGraph> load_graph_file(const std::string& path) {
    std::ifstream file(path);
    if (!file) return Status::invalid_input(path + ": cannot open the file");
    return read_graph(file, path);
}

}  // namespace pathkit
