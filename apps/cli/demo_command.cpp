// `pathkit demo [--out DIR|FILE.html] [--json]`: writes the built-in showcase as one
// self-contained HTML page.
#include <filesystem>
#include <memory>

#include "commands.hpp"
#include "demo_showcase.hpp"
#include "outputs.hpp"
#include "report.hpp"

namespace pathkit::cli {

namespace {

struct DemoArguments {
    std::string out = ".";
    bool json = false;
};

int run_demo(const DemoArguments& arguments) {
    CommandOutputs outputs("demo");
    // A name ending in .html is the page itself; anything else is the folder it goes into.
    const std::filesystem::path out(arguments.out);
    std::string path = out.string();
    if (out.extension() != ".html") {
        std::error_code error;
        std::filesystem::create_directories(out, error);
        if (error)
            return outputs.refuse(out.string() + ": cannot make the folder (" + error.message() +
                                  ")");
        path = (out / "pathkit-demo.html").string();
    }
    const std::vector<ViewerPart> parts = demo_showcase();
    if (int added = outputs.add(path, viewer_html("pathkit demo", parts)); added != exit_found)
        return added;
    if (int written = outputs.finish(exit_found); written != exit_found) return written;
    // The page and what it shows; open it in a browser.
    Report list = Report::list();
    for (const ViewerPart& part : parts) {
        Report line;
        line.add("name", part.name).add("summary", part.summary);
        list.push(std::move(line));
    }
    Report report;
    report.add("file", path).add("parts", std::move(list));
    print_report(report, arguments.json);
    return exit_found;
}

}  // namespace

Command add_demo_command(CLI::App& app) {
    auto arguments = std::make_shared<DemoArguments>();
    CLI::App* command = app.add_subcommand(
        "demo", "Write the built-in showcase (no files needed) as one HTML page");
    command
        ->add_option("--out", arguments->out,
                     "The page (a name ending in .html) or the folder to write "
                     "pathkit-demo.html into")
        ->capture_default_str();
    command->add_flag("--json", arguments->json,
                      "Print the page and its parts as one JSON document (the same fields as "
                      "the text)");
    return {command, [arguments] { return run_demo(*arguments); }};
}

}  // namespace pathkit::cli
