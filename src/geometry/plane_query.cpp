// The calling thread's own context for open-world queries.
#include "pathkit/geometry/plane_query.hpp"

namespace pathkit {

PlaneQueryContext& thread_plane_query_context() {
    thread_local PlaneQueryContext context;
    return context;
}

}  // namespace pathkit
