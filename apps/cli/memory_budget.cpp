// The run's memory budget from --memory-limit or from the machine's and the process's limits.
#include "memory_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>

namespace pathkit::cli {

namespace {

constexpr std::size_t mebibyte = std::size_t{1} << 20;
constexpr std::size_t smallest_budget = 64 * mebibyte;
// --memory-limit, in MiB, when given (0: not given).
std::size_t asked_mebibytes = 0;

struct Ceiling {
    std::size_t bytes = std::numeric_limits<std::size_t>::max();
    const char* source = "physical memory";
};

void lower_to(Ceiling& ceiling, std::size_t bytes, const char* source) {
    if (bytes > 0 && bytes < ceiling.bytes) ceiling = {bytes, source};
}

std::optional<std::size_t> number_in_file(const char* path) {
    std::ifstream file(path);
    unsigned long long value = 0;
    if (!(file >> value)) return std::nullopt;  // "max", or no such file
    return static_cast<std::size_t>(value);
}

Ceiling tightest_ceiling() {
    Ceiling ceiling;
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page_size > 0)
        lower_to(ceiling, static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size),
                 "physical memory");
    for (const auto& [resource, source] : {std::pair{RLIMIT_AS, "the address-space limit"},
                                           std::pair{RLIMIT_DATA, "the data-size limit"}}) {
        rlimit limit{};
        if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
            lower_to(ceiling, static_cast<std::size_t>(limit.rlim_cur), source);
    }
    for (const char* path :
         {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
        if (const auto bytes = number_in_file(path))
            lower_to(ceiling, *bytes, "the control group's limit");
    return ceiling;
}

}  // namespace

void add_memory_limit_option(CLI::App& app) {
    app.add_option("--memory-limit", asked_mebibytes,
                   "MiB this run may use (default: 3/4 of the memory the machine and the "
                   "process's limits allow); work past it is refused or stopped, never "
                   "crashed into")
        ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 30));
}

std::size_t memory_budget() {
    if (asked_mebibytes > 0) return asked_mebibytes * mebibyte;
    return std::max(smallest_budget, tightest_ceiling().bytes / 4 * 3);
}

std::string memory_budget_text() {
    std::string text = "the memory budget of " + format_bytes(static_cast<double>(memory_budget()));
    if (asked_mebibytes > 0) return text + " (--memory-limit)";
    return text + " (3/4 of " + tightest_ceiling().source + "; --memory-limit MIB sets it)";
}

std::string format_bytes(double bytes) {
    static constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    std::size_t unit = 0;
    while (bytes >= 1024 && unit + 1 < std::size(units)) {
        bytes /= 1024;
        ++unit;
    }
    char text[48];
    std::snprintf(text, sizeof text, unit == 0 || bytes >= 100 ? "%.0f %s" : "%.1f %s", bytes,
                  units[unit]);
    return text;
}

std::size_t peak_resident_bytes() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace pathkit::cli
