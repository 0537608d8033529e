// The open-world query context (its special members, where the Polyanya scratch is complete) and
// the calling thread's own.
#include "pathkit/geometry/plane_query.hpp"

#include "polyanya_search.hpp"

namespace pathkit {

PlaneQueryContext::PlaneQueryContext() = default;
PlaneQueryContext::PlaneQueryContext(PlaneQueryContext&&) noexcept = default;
PlaneQueryContext& PlaneQueryContext::operator=(PlaneQueryContext&&) noexcept = default;
PlaneQueryContext::~PlaneQueryContext() = default;

PlaneQueryContext& thread_plane_query_context() {
    thread_local PlaneQueryContext context;
    return context;
}

}  // namespace pathkit
