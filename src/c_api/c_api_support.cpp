// The C API's shared parts: version, status names and the thread's last error.
#include "c_api_support.hpp"

#include "pathkit/version.hpp"

namespace pathkit::c_api {

namespace {
thread_local std::string last_error;
}  // namespace

pk_status fail(pk_status status, const std::string& message) {
    try {
        last_error = message;
    } catch (...) {
        last_error.clear();  // no room for the message: the status still tells
    }
    return status;
}

pk_status refused(const Status& status) {
    return fail(PK_INVALID_ARGUMENT, status.message());
}

pk_status search_failure(SearchStatus status, const std::string& message) {
    switch (status) {
        case SearchStatus::NoPath:
            return fail(PK_NO_PATH, message.empty() ? "no path reaches the goal" : message);
        case SearchStatus::BudgetExhausted:
        case SearchStatus::Partial:
            return fail(PK_BUDGET_EXHAUSTED, message.empty() ? "the budget ran out" : message);
        case SearchStatus::InvalidInput:
            return fail(PK_INVALID_ARGUMENT, message);
        default:
            return fail(PK_INTERNAL_ERROR,
                        "the search ended as " + std::string(to_string(status)) + ": " + message);
    }
}

}  // namespace pathkit::c_api

extern "C" {

const char* pk_version(void) {
    return pathkit::version;
}

const char* pk_last_error(void) {
    return pathkit::c_api::last_error.c_str();
}

const char* pk_status_name(pk_status status) {
    switch (status) {
        case PK_OK:
            return "ok";
        case PK_NO_PATH:
            return "no_path";
        case PK_BUDGET_EXHAUSTED:
            return "budget_exhausted";
        case PK_INVALID_ARGUMENT:
            return "invalid_argument";
        case PK_BUFFER_TOO_SMALL:
            return "buffer_too_small";
        case PK_OUT_OF_MEMORY:
            return "out_of_memory";
        case PK_INTERNAL_ERROR:
            return "internal_error";
    }
    return "unknown";
}

}  // extern "C"
