// Internal to the C API: the handles behind its opaque types, the thread's last error, and the
// wrapper that keeps every C++ exception on this side of the boundary.
#pragma once

#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include "pathkit/c/pathkit.h"
#include "pathkit/core/status.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit::c_api {

/// Records `message` as the calling thread's last error and returns `status`.
pk_status fail(pk_status status, const std::string& message);

/// The status for a refused call of the library, with its message recorded.
pk_status refused(const Status& status);

/// The status of a search that did not find a path, with its message recorded.
pk_status search_failure(SearchStatus status, const std::string& message);

/// Runs `body` (returning pk_status) and turns any escaping exception into a status.
template <class Body>
pk_status guarded(Body&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(PK_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& error) {
        return fail(PK_INTERNAL_ERROR, error.what());
    } catch (...) {
        return fail(PK_INTERNAL_ERROR, "an unknown error");
    }
}

/// Refuses a NULL pointer argument named `name`.
inline bool missing(const void* pointer, const char* name, pk_status& status) {
    if (pointer != nullptr) return false;
    status = fail(PK_INVALID_ARGUMENT, std::string(name) + " is NULL");
    return true;
}

/// Keeps a made object in a new handle (`Handle{object}`), or says why it was not made.
template <class Handle, class Made>
pk_status hand_out(Made&& made, Handle** out) {
    if (!made) return refused(made.error());
    *out = new Handle{std::move(made).value()};
    return PK_OK;
}

/// Writes `count` items of `width` values each, given by `write(item, out)`, into a caller's
/// buffer of `capacity` items, or says how many it needs (PK_BUFFER_TOO_SMALL).
template <class Value, class Write>
pk_status write_items(std::size_t count, Value* buffer, std::size_t capacity, std::size_t* length,
                      Write&& write) {
    if (length != nullptr) *length = count;
    if (count > capacity)
        return fail(PK_BUFFER_TOO_SMALL, "the answer has " + std::to_string(count) +
                                             " items (points, ids); the buffer holds " +
                                             std::to_string(capacity));
    if (count > 0 && buffer == nullptr)
        return fail(PK_INVALID_ARGUMENT, "the output buffer is NULL");
    for (std::size_t index = 0; index < count; ++index)
        write(index, buffer);
    return PK_OK;
}

}  // namespace pathkit::c_api
