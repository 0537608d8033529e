// `pathkit index MAP.map --out MAP.pkx`: goal bounds built offline for a map, saved as it goes
// and resumed where a stopped run left off.
#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>

#include "commands.hpp"
#include "format.hpp"
#include "grid_flags.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/grid/goal_bounds.hpp"
#include "pathkit/io/goal_bounds_file.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "progress.hpp"
#include "report.hpp"
#include "search_flags.hpp"

namespace pathkit::cli {

namespace {

struct IndexArguments {
    std::string map_file;
    std::string out;
    std::string diagonal = "no-corner-cutting";
    int threads = 0;
    double checkpoint_seconds = 30;
    bool json = false;
};

/// Set by SIGINT or SIGTERM: the build stops between tiles and saves what it has.
std::atomic<bool> stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void request_stop(int) {
    stop_requested.store(true);
}

/// The bounds to resume from --out, if it holds an unfinished build for this map; an error
/// when it holds something else (never overwritten unasked).
Expected<std::optional<GoalBounds>> resumable(const IndexArguments& arguments,
                                              const GridSpace& space) {
    std::error_code error;
    if (!std::filesystem::exists(arguments.out, error)) return std::optional<GoalBounds>();
    auto saved = load_goal_bounds(arguments.out);
    if (!saved) {
        return Status::invalid_input(saved.error().message() +
                                     " (--out exists and is not goal bounds this command can "
                                     "resume; remove it or choose another file)");
    }
    const Status fits = saved.value().check_fits(space);
    if (!fits && saved.value().complete()) {
        return Status::invalid_input(arguments.out + ": " + fits.message() +
                                     " (remove it or choose another --out)");
    }
    return std::optional<GoalBounds>(std::move(saved).value());
}

int run_index(const IndexArguments& arguments) {
    CommandOutputs outputs("index");
    if (arguments.out == arguments.map_file) return outputs.refuse("--out may not be the map");
    auto map = load_moving_ai_map(arguments.map_file);
    if (!map) return outputs.refuse(map.error().message());
    MovementRules rules;
    rules.diagonal = diagonal_policy(arguments.diagonal);
    const GridSpace space(map.value(), rules);
    const int width = map.value().width(), height = map.value().height();
    if (static_cast<std::size_t>(width) * height > max_goal_bounds_tiles) {
        return outputs.refuse(arguments.map_file + ": goal bounds are made for maps of at most " +
                              std::to_string(max_goal_bounds_tiles) + " tiles (this one has " +
                              std::to_string(static_cast<std::size_t>(width) * height) + ")");
    }
    const int threads = arguments.threads > 0 ? arguments.threads : machine_threads();
    // The bounds, their file's bytes while saved (16-bit boxes: twice the bounds' one-byte
    // ones), and each thread's searches.
    const std::size_t needed = 3 * GoalBounds::bytes_for(width, height) +
                               static_cast<std::size_t>(threads) *
                                   GoalBoundsBuilder::scratch_bytes_per_thread(width, height);
    if (needed > memory_budget()) {
        return outputs.refuse(arguments.map_file + ": goal bounds need " +
                              format_bytes(static_cast<double>(needed)) + " with " +
                              std::to_string(threads) + " threads, over " + memory_budget_text());
    }
    auto previous = resumable(arguments, space);
    if (!previous) return outputs.refuse(previous.error().message());
    std::optional<GoalBounds>& partial = previous.value();
    const bool already_done = partial && partial->complete();
    auto started = GoalBoundsBuilder::start(space, partial ? &*partial : nullptr);
    if (!started) {
        return outputs.refuse((partial ? arguments.out : arguments.map_file) + ": " +
                              started.error().message());
    }
    GoalBoundsBuilder& builder = started.value();
    const std::size_t total = static_cast<std::size_t>(width) * height;
    const std::size_t resumed_from = builder.bounds().tiles_done();
    if (resumed_from > 0 && !already_done) {
        std::cerr << "resuming " << arguments.out << ": " << resumed_from << " of " << total
                  << " tiles done\n";
    }
    // Saved at once, so an unwritable --out is found before any work.
    if (Status saved = save_goal_bounds(builder.bounds(), arguments.out); !saved)
        return outputs.refuse(saved.message());
    stop_requested.store(false);
    const auto previous_int = std::signal(SIGINT, request_stop);
    const auto previous_term = std::signal(SIGTERM, request_stop);
    const auto clock_started = std::chrono::steady_clock::now();
    const std::clock_t cpu_started = std::clock();
    auto last_saved = clock_started;
    Progress progress("goal bounds of " + arguments.map_file + " (tiles)", total);
    const std::size_t slice = std::max<std::size_t>(64, total / 1000);
    while (!builder.bounds().complete() && !stop_requested.load()) {
        builder.run(slice, threads, &stop_requested);
        progress.update(builder.bounds().tiles_done());
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_saved).count() >=
            arguments.checkpoint_seconds) {
            if (Status saved = save_goal_bounds(builder.bounds(), arguments.out); !saved)
                return outputs.refuse(saved.message());
            last_saved = now;
        }
    }
    std::signal(SIGINT, previous_int);
    std::signal(SIGTERM, previous_term);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_started).count();
    if (Status saved = save_goal_bounds(builder.bounds(), arguments.out); !saved)
        return outputs.refuse(saved.message());
    const GoalBounds& bounds = builder.bounds();
    Report report;
    report.add("map", arguments.map_file)
        .add("out", arguments.out)
        .add("diagonal", to_string(rules.diagonal))
        .add("tiles", total)
        .add("tiles_done", bounds.tiles_done())
        .add("complete", bounds.complete())
        .add("threads", threads)
        .add("build_seconds", seconds)
        .add("build_cpu_seconds", static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC)
        .add("bytes_per_tile", static_cast<double>(bounds.memory_bytes()) / total);
    print_report(report, arguments.json);
    if (!bounds.complete()) {
        std::cerr << "pathkit index: stopped with " << bounds.tiles_done() << " of " << total
                  << " tiles done; run the same command again to go on\n";
        return exit_no_path;
    }
    return exit_found;
}

}  // namespace

Command add_index_command(CLI::App& app) {
    auto arguments = std::make_shared<IndexArguments>();
    CLI::App* command = app.add_subcommand(
        "index",
        "Build goal bounds for a MovingAI .map (for path and bench --index): one search from "
        "every tile, so minutes for large maps; saved as it goes, and resumed when run again");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("--out", arguments->out, "The goal-bounds file to write (.pkx)")
        ->required();
    add_diagonal_flag(*command, arguments->diagonal);
    command
        ->add_option("--threads", arguments->threads,
                     "Threads that build (0: one per core, at most 64)")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
    command
        ->add_option("--checkpoint-seconds", arguments->checkpoint_seconds,
                     "Save the work done this often (seconds)")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    command->add_flag("--json", arguments->json, "Print the summary as one JSON document");
    return {command, [arguments] { return run_index(*arguments); }};
}

}  // namespace pathkit::cli
