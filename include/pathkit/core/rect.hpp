/// Axis-aligned rectangles in world units (x right, y down, as Flash and most 2D engines).
#pragma once

namespace pathkit {

/// An axis-aligned rectangle: top-left corner (x, y), width and height in world units.
struct Rect {
    float x = 0;
    float y = 0;
    float width = 0;
    float height = 0;

    /// True when the two rectangles share some area; touching edges share none (as Flash's
    /// Rectangle.intersects, which the FlashPunk NPC tutorial uses).
    [[nodiscard]] bool overlaps(const Rect& other) const {
        return x < other.x + other.width && other.x < x + width && y < other.y + other.height &&
               other.y < y + height;
    }
    friend constexpr bool operator==(const Rect&, const Rect&) = default;
};

}  // namespace pathkit
