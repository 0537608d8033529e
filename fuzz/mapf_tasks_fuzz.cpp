// Fuzz target: the lifelong tasks file on a small map with walls; whatever is read is on the
// map, and writes back to the same tasks; a result's finished steps read back the same too.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_bytes.hpp"
#include "pathkit/io/mapf_tasks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    auto map = GridMap::create(8, 6).value();
    for (int y = 1; y < 5; ++y)
        (void)map.set_walkable({3, y}, false);
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream input(text);
    const auto tasks = read_mapf_tasks(input, "fuzz.txt", map);
    if (tasks) {
        for (const LifelongTask& task : tasks.value().tasks)
            if (task.agent >= tasks.value().agents || !map.is_walkable(task.tile))
                fuzzing::broken("a task read for an unknown agent or a blocked tile");
        std::istringstream again(mapf_tasks_text(tasks.value().agents, tasks.value().tasks));
        const auto back = read_mapf_tasks(again, "again.txt", map);
        if (!back || back.value().tasks.size() != tasks.value().tasks.size())
            fuzzing::broken("tasks read and written back read differently");
        for (std::size_t i = 0; back && i < back.value().tasks.size(); ++i)
            if (back.value().tasks[i].agent != tasks.value().tasks[i].agent ||
                back.value().tasks[i].tile != tasks.value().tasks[i].tile)
                fuzzing::broken("a task read and written back reads differently");
    }
    // The same bytes as a lifelong result's fields.
    std::istringstream result_input(text);
    const auto result = read_mapf_result(result_input, "fuzz_result.txt");
    if (!result) return 0;
    const auto finished = lifelong_finished(result.value(), 16, "fuzz_result.txt");
    if (!finished) return 0;
    MapfResultFile written;
    add_lifelong_finished(written, finished.value());
    const auto back = lifelong_finished(written, 16, "again.txt");
    if (!back || back.value() != finished.value())
        fuzzing::broken("finished steps written back read differently");
    return 0;
}
