// Parser for the `.graph` text format (see pathkit/io/graph_file.hpp).
#include "pathkit/io/graph_file.hpp"

#include <cmath>

#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "safe_text.hpp"
#include "text_fields.hpp"

namespace pathkit {

std::optional<NodeId> NamedGraph::find(std::string_view name) const {
    auto found = ids.find(std::string(name));
    if (found == ids.end()) return std::nullopt;
    return found->second;
}

namespace {

using io_detail::split_words;

/// Coordinates stay within ±10^9 world units, so distances between nodes stay finite.
constexpr float max_coordinate = 1e9f;

std::optional<float> parse_finite(std::string_view word) {
    float value = 0;
    if (!io_detail::parse_number(word, value) || !std::isfinite(value)) return std::nullopt;
    return value;
}

/// A word quoted in a message: at most 60 bytes, valid UTF-8.
std::string quoted(std::string_view word) {
    return "'" + io_detail::valid_utf8(word.substr(0, 60)) + (word.size() > 60 ? "...'" : "'");
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
        return error("unknown statement " + quoted(words[0]) + " (expected node, edge or disable)");
    }

    NamedGraph take() { return std::move(result_); }

  private:
    Status error(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ":" + std::to_string(line_number_) +
                                     ": " + what);
    }

    /// The node with this name, made when new; nothing when the file has too many nodes.
    std::optional<NodeId> node_named(std::string_view name,
                                     std::optional<Point3> position = std::nullopt) {
        if (auto existing = result_.find(name)) return *existing;
        if (result_.graph.node_count() >= limits::max_graph_nodes) return std::nullopt;
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
            return error("node " + quoted(words[1]) + " is declared twice");
        }
        if (words.size() == 2) return node_named(words[1]) ? Status() : too_many_nodes();
        Point3 position;
        float* coordinates[] = {&position.x, &position.y, &position.z};
        for (std::size_t index = 2; index < words.size(); ++index) {
            auto value = parse_finite(words[index]);
            if (!value || std::fabs(*value) > max_coordinate) {
                return error("coordinate " + quoted(words[index]) + " is not a number within ±1e9");
            }
            *coordinates[index - 2] = *value;
        }
        return node_named(words[1], position) ? Status() : too_many_nodes();
    }

    Status too_many_nodes() const {
        return error("more than " + std::to_string(limits::max_graph_nodes) + " nodes");
    }

    Status read_edge(const std::vector<std::string_view>& words) {
        if ((words.size() != 4 && words.size() != 5) || (words[2] != "->" && words[2] != "<->")) {
            return error("expected 'edge FROM -> TO [COST]' or 'edge FROM <-> TO [COST]'");
        }
        std::optional<Cost> cost;
        if (words.size() == 5) {
            cost = parse_finite(words[4]);
            if (!cost || *cost < 0) {
                return error("cost " + quoted(words[4]) + " is not a finite number >= 0");
            }
        }
        if (words[1] == words[3]) {
            return error("node " + quoted(words[1]) + " cannot be connected to itself");
        }
        const std::optional<NodeId> from = node_named(words[1]);
        const std::optional<NodeId> to = node_named(words[3]);
        if (!from || !to) return too_many_nodes();
        const bool both_ways = words[2] == "<->";
        if (result_.graph.connection_count() + (both_ways ? 2 : 1) > limits::max_graph_connections)
            return error("more than " + std::to_string(limits::max_graph_connections) +
                         " connections");
        for (const NodeId node : {*from, *to})
            if (result_.graph.connections(node).size() >= limits::max_graph_degree ||
                result_.graph.incoming(node).size() >= limits::max_graph_degree)
                return error("node " + quoted(result_.name(node)) + " has more than " +
                             std::to_string(limits::max_graph_degree) + " connections");
        const NodeId targets[] = {*to};
        auto status = result_.graph.add_connections(*from, targets, both_ways, cost);
        return status ? status : error(status.message());
    }

    Status read_disable(const std::vector<std::string_view>& words) {
        if (words.size() != 2) return error("expected 'disable NAME'");
        auto node = result_.find(words[1]);
        if (!node) return error("node " + quoted(words[1]) + " is not declared");
        return result_.graph.set_enabled(*node, false);
    }

    std::string_view source_;
    std::size_t line_number_ = 0;
    NamedGraph result_;
};

/// Parses a whole `.graph` text.
Expected<NamedGraph> parse_graph(std::string_view text, std::string_view source_name) {
    GraphReader reader(source_name);
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        if (auto status = reader.read_line(text.substr(0, end)); !status) return status;
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    NamedGraph graph = reader.take();
    if (graph.graph.node_count() == 0) {
        return Status::invalid_input(std::string(source_name) + ": the graph has no nodes");
    }
    return graph;
}

}  // namespace

Expected<NamedGraph> read_graph(std::istream& input, std::string_view source_name) {
    std::string text;
    if (Status status = io_detail::read_stream_text(input, source_name, text); !status)
        return status;
    return parse_graph(text, source_name);
}

Expected<NamedGraph> load_graph_file(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_graph(text, path);
}

}  // namespace pathkit
