// The Python extension module pathkit._pathkit: one binding file per layer of the library.
#include "pathkit/version.hpp"
#include "python_support.hpp"

PYBIND11_MODULE(_pathkit, module) {
    using namespace pathkit::python;
    module.doc() =
        "pathkit: pathfinding for games (tile grids, graphs, open worlds, crowds, "
        "linked maps, many-agent planning).";
    module.attr("__version__") = pathkit::version;
    bind_support(module);
    bind_grid(module);
    bind_graph(module);
    bind_plane(module);
    bind_crowd(module);
    bind_world(module);
    bind_mapf(module);
    bind_agents(module);
}
