// `pathkit world FILE.xml [--until HH:MM] [--json]`: runs the game clock and prints each NPC's
// itinerary.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "commands.hpp"
#include "format.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "pathkit/io/world_file.hpp"
#include "picture_flags.hpp"
#include "progress.hpp"
#include "report.hpp"

namespace pathkit::cli {

namespace {

/// Most NPC-ticks one run may simulate (NPCs x ticks from the clock's start to --until, every
/// NPC counted as walking every tick): 4 x 10^9, about 80 s at the ~20 ns an NPC's step takes.
/// A day at the default 12 ticks a game minute allows 231,000 NPCs.
constexpr double max_npc_ticks = 4e9;
/// Bytes a picture's frame holds per NPC (its place in memory and in the page), for the
/// estimate made before the frames are taken.
constexpr double picture_bytes_per_npc_frame = 160;

struct WorldArguments {
    std::string file;
    std::string until = "23:59";
    bool json = false;
    PictureFlags pictures;
};

int run_world(const WorldArguments& arguments) {
    CommandOutputs outputs("world");
    outputs.protect_inputs({arguments.file});
    const auto until = GameClock::parse(arguments.until);
    if (!until) return outputs.refuse("--until takes HH:MM, got '" + arguments.until + "'");
    auto loaded = load_world_file(arguments.file);
    if (!loaded) return outputs.refuse(loaded.error().message());
    WorldFile& file = loaded.value();
    // Routes keep distance fields per map; a world whose fields would not fit is refused
    // before anything runs, with the figures.
    if (const std::size_t needed = file.world.route_memory_estimate();
        needed > file.world.route_memory_limit())
        return outputs.refuse(arguments.file + ": routes would need " +
                              std::to_string(needed >> 20) + " MB of distance fields, over the " +
                              "limit of " + std::to_string(file.world.route_memory_limit() >> 20) +
                              " MB; use fewer or smaller maps or a larger edge_portal_spacing");
    NpcSimulation simulation(file.world, file.clock);
    for (NpcSpec& spec : file.npcs) {
        if (auto added = simulation.add_npc(std::move(spec)); !added)
            return outputs.refuse(arguments.file + ": " + added.error().message());
    }
    // A day of 3,600 ticks a minute walked by thousands of slow NPCs is hours of work, and a
    // frame a minute of them gigabytes of pictures: both are estimated before anything runs.
    const std::int64_t start = simulation.clock().minutes();
    const double minutes = static_cast<double>(std::max<std::int64_t>(0, *until - start));
    const double npc_count = static_cast<double>(simulation.npcs().size());
    if (const double npc_ticks = npc_count * minutes * file.clock.ticks_per_minute();
        npc_ticks > max_npc_ticks) {
        char figures[160];
        std::snprintf(figures, sizeof figures,
                      "%.0f NPCs over %.0f game minutes at %d ticks a minute may take %.3g "
                      "NPC-ticks, over the limit of %.3g",
                      npc_count, minutes, file.clock.ticks_per_minute(), npc_ticks, max_npc_ticks);
        return outputs.refuse(arguments.file + ": " + figures +
                              "; stop earlier with --until or use fewer NPCs");
    }
    if (const double bytes = npc_count * (minutes + 1) * picture_bytes_per_npc_frame;
        arguments.pictures.any() && bytes > static_cast<double>(memory_budget()))
        return outputs.refuse(arguments.file + ": pictures of " + format_cost(npc_count) +
                              " NPCs at a frame a game minute would need " + format_bytes(bytes) +
                              ", over " + memory_budget_text() +
                              "; stop earlier with --until or leave out the pictures");
    // A game hour at a time, for the progress line on a terminal; frames only for pictures.
    Progress progress("game time", static_cast<std::size_t>(minutes));
    std::vector<NpcSnapshot> snapshots;
    while (simulation.clock().minutes() < *until) {
        const std::int64_t stop = std::min<std::int64_t>(*until, simulation.clock().minutes() + 60);
        if (arguments.pictures.any()) {
            std::vector<NpcSnapshot> hour = snapshots_until(simulation, stop, 1);
            snapshots.insert(snapshots.end(), hour.begin() + (snapshots.empty() ? 0 : 1),
                             hour.end());
        } else {
            simulation.run_until(stop);
        }
        progress.update(static_cast<std::size_t>(simulation.clock().minutes() - start));
    }
    if (arguments.pictures.any()) {
        if (snapshots.empty()) snapshots = snapshots_until(simulation, *until, 1);
        std::vector<std::string> names;
        for (const Npc& npc : simulation.npcs())
            names.push_back(npc.name);
        const ViewerPart part =
            world_part(arguments.file, "NPCs, a frame a game minute", file.world, names, snapshots);
        if (int added = arguments.pictures.add(outputs, "pathkit world", {part}, 1, arguments.file);
            added != exit_found)
            return added;
    }
    int code = exit_found;
    Report npcs = Report::list();
    for (const Npc& npc : simulation.npcs()) {
        Report events = Report::list();
        for (const NpcEvent& event : npc.events) {
            if (event.kind == NpcEventKind::Late || event.kind == NpcEventKind::Unreachable)
                code = exit_no_path;
            const WorldMap* map = file.world.map(event.where.map);
            Report entry;
            entry.add("time", GameClock::format(event.minute))
                .add("kind", to_string(event.kind))
                .add("map", event.where.map.value)
                .add("map_name", map ? map->name : std::to_string(event.where.map.value))
                .add("x", event.where.cell.x)
                .add("y", event.where.cell.y);
            if (!event.message.empty()) entry.add("message", event.message);
            events.push(std::move(entry));
        }
        Report line;
        line.add("name", npc.name).add("events", std::move(events));
        npcs.push(std::move(line));
    }
    Report report;
    report.add("npcs", std::move(npcs));
    print_report(report, arguments.json);
    return outputs.finish(code);
}

}  // namespace

Command add_world_command(CLI::App& app) {
    auto arguments = std::make_shared<WorldArguments>();
    CLI::App* command = app.add_subcommand(
        "world", "Run the clock of a world file (.xml) and print each NPC's itinerary");
    command->add_option("file", arguments->file, "The world file")->required();
    command->add_option("--until", arguments->until, "Stop at this time of the first day, HH:MM")
        ->capture_default_str();
    command->add_flag("--json", arguments->json,
                      "Print the itineraries as one JSON document (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true, true);
    return {command, [arguments] { return run_world(*arguments); }};
}

}  // namespace pathkit::cli
