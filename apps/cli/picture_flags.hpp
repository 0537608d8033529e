// --html, --svg and --png: the pictures every command that makes paths or traces can write.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "file_batches.hpp"
#include "outputs.hpp"
#include "pathkit/io/viewer.hpp"

namespace pathkit::cli {

/// The picture files asked for on the command line.
struct PictureFlags {
    std::string html;
    std::string svg;
    std::string png;
    int png_pixels = 8;
    std::string frame = "last";

    /// Adds --html (and --svg, --png when asked for) to `command`.
    void add_to(CLI::App& command, bool with_svg, bool with_png, bool with_frames = false) {
        command.add_option("--html", html,
                           "Write an HTML viewer page (OUT-NAME.html per input when several)");
        if (with_svg) command.add_option("--svg", svg, "Write an SVG picture");
        if (with_png) {
            command.add_option("--png", png, "Write a PNG picture");
            command.add_option("--png-scale", png_pixels, "PNG pixels per tile or world unit")
                ->check(CLI::Range(1, 64))
                ->capture_default_str();
        }
        if (with_frames)
            command
                .add_option("--frame", frame,
                            "The moment an SVG or PNG shows: first, last, a tick or step N, or "
                            "a time HH:MM (with trails of where units went)")
                ->capture_default_str();
    }
    [[nodiscard]] bool any() const { return !html.empty() || !svg.empty() || !png.empty(); }

    /// Adds what was asked for to `outputs`; exit_bad_input (after saying why) when a picture
    /// cannot be made. Pictures show the first part.
    [[nodiscard]] int add(CommandOutputs& outputs, const std::string& title,
                          const std::vector<ViewerPart>& parts, std::size_t input_count,
                          const std::string& input) const {
        if (!html.empty())
            if (int code = outputs.add(output_path_for(html, input_count, input),
                                       viewer_html(title, parts));
                code != exit_found)
                return code;
        if (parts.empty() || (svg.empty() && png.empty())) return exit_found;
        PictureOptions options;
        if (!parts.front().frames.empty()) {
            options.frame = frame_named(parts.front(), frame);
            if (!options.frame)
                return outputs.refuse("--frame " + frame + ": no such frame; the run goes from " +
                                      parts.front().frame_labels.front() + " to " +
                                      parts.front().frame_labels.back() +
                                      " (or say first or last)");
        }
        if (!svg.empty())
            if (int code = outputs.add(output_path_for(svg, input_count, input),
                                       part_svg(parts.front(), options));
                code != exit_found)
                return code;
        if (!png.empty()) {
            const std::string out = output_path_for(png, input_count, input);
            auto picture = part_png(parts.front(), png_pixels, options);
            if (!picture) return outputs.refuse(out + ": " + picture.error().message());
            return outputs.add(out, std::move(picture).value());
        }
        return exit_found;
    }
};

}  // namespace pathkit::cli
