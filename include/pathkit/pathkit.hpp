/// Everything in the core library in one include (the io loaders are included separately).
#pragma once

#include "pathkit/core/cost.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/graph/graph.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"
#include "pathkit/search/search_space.hpp"
#include "pathkit/version.hpp"
