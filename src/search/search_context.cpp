// The calling thread's default search context.
#include "pathkit/search/search_context.hpp"

namespace pathkit {

SearchContext& thread_search_context() {
    thread_local SearchContext context;
    return context;
}

}  // namespace pathkit
