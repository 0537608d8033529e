/// Strong integer ids: distinct types for states, graph nodes and later cells and units.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>

namespace pathkit {

/// A 32-bit index wrapped in its own type so ids of different kinds never mix silently.
/// `Tag` only names the kind; `value` is the dense index (0, 1, 2, ...).
template <class Tag>
struct Id {
    using value_type = std::uint32_t;

    /// The id that names nothing; default-constructed ids are invalid.
    static constexpr value_type invalid_value = std::numeric_limits<value_type>::max();

    value_type value = invalid_value;

    constexpr Id() = default;
    /// Wraps a raw index. Explicit so that an integer never becomes an id by accident.
    constexpr explicit Id(value_type raw) : value(raw) {}

    /// True unless this is the invalid id.
    [[nodiscard]] constexpr bool is_valid() const { return value != invalid_value; }
    /// The raw index, for use as an array subscript.
    [[nodiscard]] constexpr std::size_t index() const { return value; }

    friend constexpr auto operator<=>(Id, Id) = default;
};

struct StateTag;
struct NodeTag;

/// A state of a search space: a dense index below the space's `state_count()`.
using StateId = Id<StateTag>;
/// A node of a `Graph`. Ids stay stable when other nodes are removed.
using NodeId = Id<NodeTag>;

}  // namespace pathkit

template <class Tag>
struct std::hash<pathkit::Id<Tag>> {
    std::size_t operator()(pathkit::Id<Tag> id) const noexcept { return id.value; }
};
