// Fuzz target: Tiled .tmj text.
#include <cstdint>
#include <string_view>

#include "pathkit/io/tiled.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)pathkit::parse_tiled_map(std::string_view(reinterpret_cast<const char*>(data), size),
                                   "fuzz.tmj", pathkit::TiledFormat::Tmj);
    return 0;
}
