// --html, --svg and --png: the pictures every command that makes paths or traces can write.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "file_batches.hpp"
#include "pathkit/io/viewer.hpp"

namespace pathkit::cli {

/// The picture files asked for on the command line.
struct PictureFlags {
    std::string html;
    std::string svg;
    std::string png;
    int png_pixels = 8;

    /// Adds --html (and --svg, --png when asked for) to `command`.
    void add_to(CLI::App& command, bool with_svg, bool with_png) {
        command.add_option("--html", html,
                           "Write an HTML viewer page (OUT-NAME.html per input when several)");
        if (with_svg) command.add_option("--svg", svg, "Write an SVG picture");
        if (with_png) {
            command.add_option("--png", png, "Write a PNG picture");
            command.add_option("--png-scale", png_pixels, "PNG pixels per tile or world unit")
                ->capture_default_str();
        }
    }
    [[nodiscard]] bool any() const { return !html.empty() || !svg.empty() || !png.empty(); }

    /// Writes what was asked for; returns exit_bad_input (after saying why) when a file
    /// cannot be written. Pictures show the first part.
    [[nodiscard]] int write(const std::string& title, const std::vector<ViewerPart>& parts,
                            std::size_t input_count, const std::string& input,
                            const char* command) const {
        const auto failed = [&](const Status& status) {
            std::cerr << "pathkit " << command << ": " << status.message() << '\n';
            return exit_bad_input;
        };
        if (!html.empty()) {
            const std::string out = output_path_for(html, input_count, input);
            if (Status status = write_viewer_html(out, title, parts); !status)
                return failed(status);
            std::cerr << "wrote " << out << '\n';
        }
        if (parts.empty()) return exit_found;
        if (!svg.empty()) {
            const std::string out = output_path_for(svg, input_count, input);
            std::ofstream file(out);
            file << part_svg(parts.front());
            if (!file) return failed(Status::invalid_input(out + ": cannot write the file"));
            std::cerr << "wrote " << out << '\n';
        }
        if (!png.empty()) {
            const std::string out = output_path_for(png, input_count, input);
            if (Status status = write_part_png(out, parts.front(), png_pixels); !status)
                return failed(status);
            std::cerr << "wrote " << out << '\n';
        }
        return exit_found;
    }
};

}  // namespace pathkit::cli
