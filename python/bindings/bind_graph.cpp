// pathkit.Graph: directed graphs with per-connection costs, as GameplayKit's GKGraph.
#include "pathkit/graph/graph.hpp"
#include "python_support.hpp"

namespace pathkit::python {
namespace {

struct GraphHandle {
    Graph graph;
    ReadersWriterLock lock;
};

/// One node id or a sequence of them, as node ids.
std::vector<NodeId> node_list(const py::object& nodes) {
    std::vector<NodeId> ids;
    if (py::isinstance<py::int_>(nodes)) {
        ids.emplace_back(nodes.cast<std::uint32_t>());
        return ids;
    }
    for (const py::handle node : nodes)
        ids.emplace_back(node.cast<std::uint32_t>());
    return ids;
}

py::array_t<std::int64_t> nodes_to_array(std::span<const NodeId> nodes) {
    py::array_t<std::int64_t> array(static_cast<py::ssize_t>(nodes.size()));
    auto out = array.mutable_unchecked<1>();
    for (std::size_t index = 0; index < nodes.size(); ++index)
        out(index) = nodes[index].value;
    return array;
}

}  // namespace

void bind_graph(py::module_& module) {
    py::class_<GraphHandle>(
        module, "Graph",
        "Nodes joined by one-way connections with costs (GameplayKit's GKGraph). A connection "
        "costs what it is given, else 1, or the distance when both nodes have positions.")
        .def(py::init<>())
        .def(
            "add_node",
            [](GraphHandle& self, std::optional<std::vector<float>> position) {
                auto hold = write_lock(self.lock);
                if (!position) return self.graph.add_node().value;
                if (position->size() == 2)
                    return self.graph.add_node(Point2{(*position)[0], (*position)[1]}).value;
                if (position->size() == 3)
                    return self.graph
                        .add_node(Point3{(*position)[0], (*position)[1], (*position)[2]})
                        .value;
                throw RefusedInput("a position is (x, y) or (x, y, z)");
            },
            py::arg("position") = py::none(),
            "Adds a node, optionally at (x, y) or (x, y, z) in world units; returns its id.")
        .def(
            "remove_node",
            [](GraphHandle& self, std::uint32_t node) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.graph.remove_node(NodeId(node)));
            },
            py::arg("node"), "Removes a node and its connections; its id is never reused.")
        .def(
            "connect",
            [](GraphHandle& self, std::uint32_t from, const py::object& to, bool bidirectional,
               std::optional<float> cost) {
                const auto targets = node_list(to);
                auto hold = write_lock(self.lock);
                raise_if_refused(
                    self.graph.add_connections(NodeId(from), targets, bidirectional, cost));
            },
            py::arg("source"), py::arg("targets"), py::kw_only(), py::arg("bidirectional") = false,
            py::arg("cost") = py::none(),
            "Connects a node to one node or a list of nodes (and back when bidirectional), at "
            "cost (finite, >= 0) or the default cost.")
        .def(
            "disconnect",
            [](GraphHandle& self, std::uint32_t from, const py::object& to, bool bidirectional) {
                const auto targets = node_list(to);
                auto hold = write_lock(self.lock);
                raise_if_refused(
                    self.graph.remove_connections(NodeId(from), targets, bidirectional));
            },
            py::arg("source"), py::arg("targets"), py::kw_only(), py::arg("bidirectional") = false)
        .def(
            "set_enabled",
            [](GraphHandle& self, std::uint32_t node, bool enabled) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.graph.set_enabled(NodeId(node), enabled));
            },
            py::arg("node"), py::arg("enabled"),
            "A disabled node stays, but searches neither enter nor start from it.")
        .def(
            "is_enabled",
            [](const GraphHandle& self, std::uint32_t node) {
                return self.graph.is_enabled(NodeId(node));
            },
            py::arg("node"))
        .def("__contains__", [](const GraphHandle& self,
                                std::uint32_t node) { return self.graph.contains(NodeId(node)); })
        .def("__len__", [](const GraphHandle& self) { return self.graph.node_count(); })
        .def_property_readonly(
            "connection_count",
            [](const GraphHandle& self) { return self.graph.connection_count(); })
        .def(
            "connections",
            [](const GraphHandle& self, std::uint32_t node) {
                if (!self.graph.contains(NodeId(node)))
                    throw RefusedInput("node " + std::to_string(node) + " does not exist");
                std::vector<std::pair<std::uint32_t, float>> out;
                for (const Edge& edge : self.graph.connections(NodeId(node)))
                    out.emplace_back(edge.to.value, edge.cost);
                return out;
            },
            py::arg("node"), "The connections out of a node: [(target, cost), ...].")
        .def(
            "cost",
            [](const GraphHandle& self, std::uint32_t from, std::uint32_t to) {
                return self.graph.cost(NodeId(from), NodeId(to));
            },
            py::arg("source"), py::arg("target"),
            "The cost of the connection from source to target; inf when there is none.")
        .def(
            "find_path",
            [](const GraphHandle& self, std::uint32_t start, std::uint32_t goal,
               const std::string& algo, std::optional<std::uint64_t> max_expansions,
               bool allow_partial) {
                const SearchOptions options =
                    search_options(algo, max_expansions, 1, allow_partial);
                const GraphPath path = read_without_gil(self.lock, [&] {
                    return self.graph.find_path(NodeId(start), NodeId(goal), options);
                });
                return answer(path, nodes_to_array);
            },
            py::arg("start"), py::arg("goal"), py::arg("algo") = "astar", py::kw_only(),
            py::arg("max_expansions") = py::none(), py::arg("allow_partial") = false,
            "The cheapest path from start to goal; path: int64 array of node ids. Raises "
            "pathkit.Error for an unknown or disabled start or an unknown goal.")
        .def(
            "find_path_to_any",
            [](const GraphHandle& self, std::uint32_t start, const py::object& goals,
               const std::string& algo) {
                const auto targets = node_list(goals);
                const SearchOptions options = search_options(algo, std::nullopt, 1, false);
                const GraphPath path = read_without_gil(self.lock, [&] {
                    return self.graph.find_path_to_any(NodeId(start), targets,
                                                       thread_search_context(), options);
                });
                return answer(path, nodes_to_array);
            },
            py::arg("start"), py::arg("goals"), py::arg("algo") = "astar",
            "The cheapest path from start to whichever of goals is cheapest to reach.");
}

}  // namespace pathkit::python
