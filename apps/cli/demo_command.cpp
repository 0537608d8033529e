// `pathkit demo [--out DIR]`: writes the built-in showcase as one self-contained HTML page.
#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "demo_showcase.hpp"

namespace pathkit::cli {

namespace {

int run_demo(const std::string& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    const std::string path = (std::filesystem::path(folder) / "pathkit-demo.html").string();
    const std::vector<ViewerPart> parts = demo_showcase();
    if (Status written = write_viewer_html(path, "pathkit demo", parts); !written) {
        std::cerr << "pathkit demo: " << written.message() << '\n';
        return exit_bad_input;
    }
    std::cout << "wrote " << path << " (open it in a browser)\n";
    for (const ViewerPart& part : parts)
        std::cout << "  " << part.name << ": " << part.summary << '\n';
    return exit_found;
}

}  // namespace

Command add_demo_command(CLI::App& app) {
    auto folder = std::make_shared<std::string>(".");
    CLI::App* command = app.add_subcommand(
        "demo", "Write the built-in showcase (no files needed) as pathkit-demo.html");
    command->add_option("--out", *folder, "The folder to write pathkit-demo.html into")
        ->capture_default_str();
    return {command, [folder] { return run_demo(*folder); }};
}

}  // namespace pathkit::cli
