// Fuzz target: the many-agent result format; whatever is read writes back to the same result.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_bytes.hpp"
#include "pathkit/io/mapf_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
    const auto result = read_mapf_result(input, "fuzz.txt");
    if (!result) return 0;
    std::istringstream again(mapf_result_text(result.value()));
    const auto back = read_mapf_result(again, "again.txt");
    if (!back || back.value().steps != result.value().steps ||
        back.value().fields != result.value().fields)
        fuzzing::broken("a result read and written back reads differently");
    return 0;
}
