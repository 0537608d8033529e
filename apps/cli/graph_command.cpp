// `pathkit graph FILE --from A --to B`: loads a `.graph` file and prints the path and its cost.
#include <memory>

#include "commands.hpp"
#include "outputs.hpp"
#include "pathkit/io/graph_file.hpp"
#include "report.hpp"
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

/// The answer, nodes by the names the file gives them; the library's message as it is (it
/// names the start or the goal by number: `from` and `to` give their names).
Report graph_report(const GraphArguments& arguments, const NamedGraph& graph,
                    const GraphPath& result) {
    Report report;
    report.add("from", arguments.from)
        .add("to", arguments.to)
        .add("status", to_string(result.status));
    if (!result.message.empty()) report.add("message", result.message);
    if (!result.path.empty()) report.add("cost", result.cost);
    Report path = Report::list(" -> ");
    for (NodeId node : result.path)
        path.push(graph.name(node));
    report.add("path", std::move(path))
        .add("expanded", result.stats.expanded)
        .add("generated", result.stats.generated);
    return report;
}

int run_graph(const GraphArguments& arguments) {
    const CommandOutputs outputs("graph");  // for its refusals: graph writes no files
    auto loaded = load_graph_file(arguments.file);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const NamedGraph& graph = loaded.value();
    const auto from = graph.find(arguments.from);
    const auto to = graph.find(arguments.to);
    for (const auto* name : {&arguments.from, &arguments.to}) {
        if (!graph.find(*name))
            return outputs.refuse(arguments.file + ": no node named '" + *name + "'");
    }
    if (auto why = arguments.search.unsupported(false)) return outputs.refuse(*why);
    const GraphPath result = graph.graph.find_path(*from, *to, arguments.search.options());
    print_report(graph_report(arguments, graph, result), arguments.json);
    return exit_code_for(result.status);
}

}  // namespace

Command add_graph_command(CLI::App& app) {
    auto arguments = std::make_shared<GraphArguments>();
    CLI::App* command = app.add_subcommand("graph", "Find a path on a .graph file");
    command->add_option("file", arguments->file, "The .graph file")->required();
    command->add_option("--from", arguments->from, "Name of the start node")->required();
    command->add_option("--to", arguments->to, "Name of the goal node")->required();
    command->add_flag("--json", arguments->json,
                      "Print the result as one JSON document (the same fields as the text)");
    arguments->search.add_to(*command);
    return {command, [arguments] { return run_graph(*arguments); }};
}

}  // namespace pathkit::cli
