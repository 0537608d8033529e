// `pathkit graph FILE --from A --to B`: loads a `.graph` file and prints the path and its cost.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include <regex>

#include "commands.hpp"
#include "format.hpp"
#include "outputs.hpp"
#include "pathkit/io/graph_file.hpp"
#include "search_flags.hpp"

namespace pathkit::cli {

namespace {

struct GraphArguments {
    std::string file;
    std::string from;
    std::string to;
    bool json = false;
    SearchFlags search;
};

/// 0 found; 2 refused; 1 otherwise (no path, budget spent, or only a partial path).
int exit_code_for(const GraphPath& result) {
    switch (result.status) {
        case SearchStatus::Found:
            return exit_found;
        case SearchStatus::InvalidInput:
            return exit_bad_input;
        default:
            return exit_no_path;
    }
}

/// The library's message with "node 4" written as the file names it: "node 'ford'".
std::string with_node_names(const NamedGraph& graph, const std::string& message) {
    static const std::regex node(R"(node (\d+))");
    std::string out;
    auto last = message.cbegin();
    for (std::sregex_iterator match(message.begin(), message.end(), node), end; match != end;
         ++match) {
        out.append(last, message.cbegin() + match->position());
        const unsigned long id = std::stoul((*match)[1].str());
        out += id < graph.names.size() ? "node '" + graph.names[id] + "'" : match->str();
        last = message.cbegin() + match->position() + match->length();
    }
    out.append(last, message.cend());
    return out;
}

void print_text(const NamedGraph& graph, const GraphPath& result) {
    std::cout << "status: " << to_string(result.status) << '\n';
    if (!result.message.empty())
        std::cout << "message: " << with_node_names(graph, result.message) << '\n';
    if (!result.path.empty()) {
        std::cout << "cost: " << format_cost(result.cost) << '\n' << "path:";
        for (std::size_t index = 0; index < result.path.size(); ++index) {
            std::cout << (index == 0 ? " " : " -> ") << graph.name(result.path[index]);
        }
        std::cout << '\n';
    }
    std::cout << "expanded: " << result.stats.expanded << ", generated: " << result.stats.generated
              << '\n';
}

void print_json(const NamedGraph& graph, const GraphPath& result) {
    nlohmann::json path = nlohmann::json::array();
    for (NodeId node : result.path)
        path.push_back(graph.name(node));
    nlohmann::json document{{"status", to_string(result.status)},
                            {"path", path},
                            {"expanded", result.stats.expanded},
                            {"generated", result.stats.generated}};
    if (!result.message.empty()) document["message"] = with_node_names(graph, result.message);
    if (!result.path.empty()) document["cost"] = result.cost;
    std::cout << json_text(document) << '\n';
}

int run_graph(const GraphArguments& arguments) {
    auto loaded = load_graph_file(arguments.file);
    if (!loaded) {
        std::cerr << "pathkit graph: " << loaded.error().message() << '\n';
        return exit_bad_input;
    }
    const NamedGraph& graph = loaded.value();
    const auto from = graph.find(arguments.from);
    const auto to = graph.find(arguments.to);
    for (const auto* name : {&arguments.from, &arguments.to}) {
        if (!graph.find(*name)) {
            std::cerr << "pathkit graph: " << arguments.file << ": no node named '" << *name
                      << "'\n";
            return exit_bad_input;
        }
    }
    if (auto why = arguments.search.unsupported(false)) {
        std::cerr << "pathkit graph: " << *why << '\n';
        return exit_bad_input;
    }
    const GraphPath result = graph.graph.find_path(*from, *to, arguments.search.options());
    if (arguments.json) {
        print_json(graph, result);
    } else {
        print_text(graph, result);
    }
    return exit_code_for(result);
}

}  // namespace

Command add_graph_command(CLI::App& app) {
    auto arguments = std::make_shared<GraphArguments>();
    CLI::App* command = app.add_subcommand("graph", "Find a path on a .graph file");
    command->add_option("file", arguments->file, "The .graph file")->required();
    command->add_option("--from", arguments->from, "Name of the start node")->required();
    command->add_option("--to", arguments->to, "Name of the goal node")->required();
    command->add_flag("--json", arguments->json, "Print the result as one JSON document");
    arguments->search.add_to(*command);
    return {command, [arguments] { return run_graph(*arguments); }};
}

}  // namespace pathkit::cli
