/// Reading and writing pathkit's small text format for graphs (`.graph` files).
///
/// One statement per line; `#` starts a comment:
///
///     node NAME [X Y [Z]]          a node, optionally at a 2D or 3D position
///     edge FROM -> TO [COST]       a one-way connection
///     edge FROM <-> TO [COST]      a connection in both directions
///     disable NAME                 the node stays but searches avoid it
///
/// Names are any run of characters without whitespace. Nodes named only in edges are created
/// without a position. Costs default as in `Graph::add_connections`.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/graph/graph.hpp"

namespace pathkit {

/// A graph read from a file, with the names its nodes had there.
struct NamedGraph {
    Graph graph;
    /// `names[id.index()]` is the name of node `id`.
    std::vector<std::string> names;
    std::unordered_map<std::string, NodeId> ids;

    /// The node with this name, if any.
    [[nodiscard]] std::optional<NodeId> find(std::string_view name) const;
    /// The name of a node of this graph.
    [[nodiscard]] const std::string& name(NodeId node) const { return names[node.index()]; }
};

/// Parses a graph from `input`. Errors read "SOURCE:LINE: what is wrong".
[[nodiscard]] Expected<NamedGraph> read_graph(std::istream& input, std::string_view source_name);

/// Loads a graph file. Errors name the file and, for bad content, the line.
[[nodiscard]] Expected<NamedGraph> load_graph_file(const std::string& path);

}  // namespace pathkit
