// Viewer parts as PNG pictures: pixels drawn here, clipped to the canvas, encoded in memory
// with stb_image_write.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pathkit/io/output_files.hpp"
#include "picture_style.hpp"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace pathkit {

namespace {

using namespace io_detail;

struct Rgb {
    std::uint8_t r, g, b;
};
constexpr Rgb rgb(const Swatch& swatch) {
    return {swatch.r, swatch.g, swatch.b};
}

Rgb parse_color(const std::string& css) {  // "#rrggbb"; anything else: blue
    unsigned value = 0;
    const char* end = css.data() + css.size();
    if (css.size() != 7 || css[0] != '#' ||
        std::from_chars(css.data() + 1, end, value, 16).ptr != end)
        return {31, 111, 209};
    return {static_cast<std::uint8_t>(value >> 16), static_cast<std::uint8_t>(value >> 8),
            static_cast<std::uint8_t>(value)};
}

/// The part of segment a-b inside the rectangle [low, high] on both axes (Liang-Barsky);
/// false when none is.
bool clip(float& ax, float& ay, float& bx, float& by, float low_x, float low_y, float high_x,
          float high_y) {
    float t0 = 0, t1 = 1;
    const float dx = bx - ax, dy = by - ay;
    const float p[] = {-dx, dx, -dy, dy};
    const float q[] = {ax - low_x, high_x - ax, ay - low_y, high_y - ay};
    for (int side = 0; side < 4; ++side) {
        if (p[side] == 0) {
            if (q[side] < 0) return false;
            continue;
        }
        const float t = q[side] / p[side];
        if (p[side] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
    }
    if (t0 > t1) return false;
    const float start_x = ax + t0 * dx, start_y = ay + t0 * dy;
    bx = ax + t1 * dx;
    by = ay + t1 * dy;
    ax = start_x;
    ay = start_y;
    return true;
}

/// An RGB canvas in the part's units, scaled by `pixels`, y flipped for y-up parts.
class Canvas {
  public:
    Canvas(const ViewerPart& part, int pixels)
        : part_(part),
          scale_(static_cast<float>(pixels)),
          width_(static_cast<int>(std::ceil(part.width * scale_))),
          height_(static_cast<int>(std::ceil(part.height * scale_))),
          pixels_(static_cast<std::size_t>(width_) * height_, rgb(background)) {}

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] const std::uint8_t* data() const {
        return reinterpret_cast<const std::uint8_t*>(pixels_.data());
    }
    void set(int x, int y, Rgb color) {
        if (x >= 0 && y >= 0 && x < width_ && y < height_)
            pixels_[static_cast<std::size_t>(y) * width_ + x] = color;
    }
    /// Mixes `color` into a pixel, `share` of it (0..1).
    void blend(int x, int y, Rgb color, float share) {
        if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
        Rgb& pixel = pixels_[static_cast<std::size_t>(y) * width_ + x];
        const auto mix = [&](std::uint8_t under, std::uint8_t over) {
            return static_cast<std::uint8_t>(std::lround(under + (over - under) * share));
        };
        pixel = {mix(pixel.r, color.r), mix(pixel.g, color.g), mix(pixel.b, color.b)};
    }
    [[nodiscard]] float px(float x) const { return x * scale_; }
    /// A length in pixels as part units.
    [[nodiscard]] float units(float pixels) const { return pixels / scale_; }
    [[nodiscard]] float py(float y) const { return (part_.y_up ? part_.height - y : y) * scale_; }
    void rectangle(float x0, float y0, float x1, float y1, Rgb color,
                   float share = 1) {  // in pixels
        for (int y = clamp_y(std::floor(y0)); y < clamp_y(std::ceil(y1)); ++y)
            for (int x = clamp_x(std::floor(x0)); x < clamp_x(std::ceil(x1)); ++x)
                share >= 1 ? set(x, y, color) : blend(x, y, color, share);
    }
    void disc(float cx, float cy, float radius, Rgb color, float share = 1) {  // in pixels
        rectangle_if(cx - radius, cy - radius, cx + radius, cy + radius, color, share,
                     [&](float x, float y) { return std::hypot(x - cx, y - cy) <= radius; });
    }
    void ring(float cx, float cy, float radius, float thickness, Rgb color) {  // in pixels
        rectangle_if(cx - radius, cy - radius, cx + radius, cy + radius, color, 1,
                     [&](float x, float y) {
                         return std::fabs(std::hypot(x - cx, y - cy) - radius) <= thickness / 2;
                     });
    }
    /// A polyline in part units; NaN points break it.
    void polyline(const std::vector<Point2>& points, float thickness, Rgb color, float share = 1) {
        for (std::size_t index = 1; index < points.size(); ++index)
            if (!std::isnan(points[index - 1].x) && !std::isnan(points[index].x))
                line(points[index - 1], points[index], thickness, color, share);
    }
    void line(Point2 a, Point2 b, float thickness, Rgb color, float share = 1) {  // part units
        float ax = px(a.x), ay = py(a.y), bx = px(b.x), by = py(b.y);
        thickness = std::max(thickness, 1.5f);  // thinner lines would miss pixel centres
        const float margin = thickness + 1;
        if (!clip(ax, ay, bx, by, -margin, -margin, static_cast<float>(width_) + margin,
                  static_cast<float>(height_) + margin))
            return;
        const float length = std::hypot(bx - ax, by - ay);
        const int steps = std::max(1, static_cast<int>(length));
        for (int step = 0; step <= steps; ++step) {
            const float t = static_cast<float>(step) / static_cast<float>(steps);
            disc(ax + (bx - ax) * t, ay + (by - ay) * t, thickness / 2, color, share);
        }
    }
    // Even-odd fill of all rings together, by scanlines through pixel centres.
    void fill(const std::vector<std::vector<Point2>>& rings, Rgb color) {
        for (int y = 0; y < height_; ++y) {
            const float sy = static_cast<float>(y) + 0.5f;
            std::vector<float> crossings;
            for (const auto& ring : rings) {
                for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
                    const float y0 = py(ring[j].y), y1 = py(ring[i].y);
                    if ((y0 > sy) == (y1 > sy)) continue;
                    const float x0 = px(ring[j].x), x1 = px(ring[i].x);
                    crossings.push_back(x0 + (sy - y0) / (y1 - y0) * (x1 - x0));
                }
            }
            std::sort(crossings.begin(), crossings.end());
            for (std::size_t k = 0; k + 1 < crossings.size(); k += 2)  // clipped to the canvas
                for (int x = clamp_x(std::ceil(crossings[k] - 0.5f));
                     x < width_ && static_cast<float>(x) + 0.5f <= crossings[k + 1]; ++x)
                    set(x, y, color);
        }
    }

  private:
    /// A pixel column or row clamped to the canvas and one past it (no overflowing casts).
    [[nodiscard]] int clamp_x(float x) const {
        return static_cast<int>(std::clamp(x, -1.f, static_cast<float>(width_)));
    }
    [[nodiscard]] int clamp_y(float y) const {
        return static_cast<int>(std::clamp(y, -1.f, static_cast<float>(height_)));
    }
    template <class Inside>
    void rectangle_if(float x0, float y0, float x1, float y1, Rgb color, float share,
                      Inside inside) {
        for (int y = clamp_y(std::floor(y0)); y <= clamp_y(std::ceil(y1)); ++y)
            for (int x = clamp_x(std::floor(x0)); x <= clamp_x(std::ceil(x1)); ++x)
                if (inside(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f)) {
                    if (share >= 1)
                        set(x, y, color);
                    else
                        blend(x, y, color, share);
                }
    }

    const ViewerPart& part_;
    float scale_;
    int width_, height_;
    std::vector<Rgb> pixels_;
};

void draw_units(const ViewerPart& part, std::size_t frame, const PictureOptions& options,
                Canvas& canvas, float line) {
    if (part.frames.empty()) return;
    const float radius = line * 3;
    // In pixels: an agent's own radius when the part gives radii, else a dot.
    const auto size_of = [&](std::size_t unit) {
        return part.unit_radii.empty() ? radius : canvas.px(unit_size(part, unit, 0));
    };
    if (options.trails) {
        const auto trails = trails_until(part, frame);
        for (std::size_t unit = 0; unit < trails.size(); ++unit)
            canvas.polyline(trails[unit], line, rgb(unit_color(unit)), 0.35f);
    }
    if (frame < part.planned.size())
        for (std::size_t unit = 0; unit < part.planned[frame].size(); ++unit)
            canvas.polyline(part.planned[frame][unit], line * 0.7f, rgb(unit_color(unit)), 0.6f);
    if (frame < part.destinations.size())
        for (std::size_t unit = 0; unit < part.destinations[frame].size(); ++unit) {
            const Point2 p = part.destinations[frame][unit];
            if (!std::isnan(p.x))
                canvas.ring(canvas.px(p.x), canvas.py(p.y), size_of(unit) * 1.3f, line,
                            rgb(unit_color(unit)));
        }
    const auto& positions = part.frames[frame];
    for (std::size_t unit = 0; unit < positions.size(); ++unit) {
        const Point2 p = positions[unit];
        if (!std::isnan(p.x))
            canvas.disc(canvas.px(p.x), canvas.py(p.y), size_of(unit), rgb(unit_color(unit)),
                        part.unit_radii.empty() ? 1 : 0.8f);
        if (const auto end = velocity_end(part, frame, unit))
            canvas.line(p, *end, line, rgb(unit_color(unit)));
    }
}

void draw_markers(const ViewerPart& part, Canvas& canvas, float line) {
    const float size = line * 4;
    for (const ViewerMarker& marker : part.markers) {
        const float x = canvas.px(marker.at.x), y = canvas.py(marker.at.y);
        switch (marker.kind) {
            case MarkerKind::Start:
                canvas.disc(x, y, size + line, {255, 255, 255});
                canvas.disc(x, y, size, rgb(start));
                break;
            case MarkerKind::Goal:
                canvas.disc(x, y, size + line, {255, 255, 255});
                canvas.disc(x, y, size, rgb(goal));
                break;
            case MarkerKind::Failed:
                for (int step = -8; step <= 8; ++step) {
                    const float t = size * static_cast<float>(step) / 8;
                    canvas.disc(x + t, y + t, line * 0.8f, rgb(failed));
                    canvas.disc(x + t, y - t, line * 0.8f, rgb(failed));
                }
                break;
            case MarkerKind::Door:
                canvas.rectangle(x - size / 2, y - size / 2, x + size / 2, y + size / 2, rgb(door));
                break;
            case MarkerKind::Destination:
                canvas.ring(x, y, size, line, rgb(goal));
                break;
        }
    }
}

}  // namespace

Expected<std::string> part_png(const ViewerPart& part, int pixels, const PictureOptions& options) {
    if (pixels < 1 || pixels > 64)
        return Status::invalid_input("PNG scale " + std::to_string(pixels) +
                                     " is outside 1..64 pixels per unit");
    if (!(part.width > 0 && part.height > 0 && std::isfinite(part.width) &&
          std::isfinite(part.height)))
        return Status::invalid_input("the picture has no area to draw");
    if (part.width * static_cast<float>(pixels) > 8192 ||
        part.height * static_cast<float>(pixels) > 8192)
        return Status::invalid_input(
            "the picture would exceed 8192 pixels a side (" + std::to_string(part.width) + " x " +
            std::to_string(part.height) + " units at " + std::to_string(pixels) + " pixels each)");
    Canvas canvas(part, pixels);
    const float cell = static_cast<float>(pixels);
    for (std::size_t y = 0; y < part.tiles.size(); ++y) {
        for (std::size_t x = 0; x < part.tiles[y].size(); ++x) {
            const char tile = part.tiles[y][x];
            if (tile == ' ') continue;
            const Rgb color = rgb(tile == '#'   ? wall
                                  : tile == '~' ? swamp
                                  : tile == '!' ? danger
                                                : floor_tile);
            canvas.rectangle(static_cast<float>(x) * cell, static_cast<float>(y) * cell,
                             static_cast<float>(x + 1) * cell, static_cast<float>(y + 1) * cell,
                             color);
        }
    }
    if (const auto blocks = heat_blocks(part.heat); !blocks.empty()) {
        const float width = part.width / static_cast<float>(part.heat.columns);
        const float height = part.height / static_cast<float>(part.heat.rows);
        for (const HeatBlock& block : blocks) {
            const float x0 = static_cast<float>(block.column) * width;
            const float y0 = static_cast<float>(block.row) * height;
            const float top = std::min(canvas.py(y0), canvas.py(y0 + height));
            // Whole pixels, so that neighbouring blocks never blend one pixel twice.
            canvas.rectangle(std::round(canvas.px(x0)), std::round(top),
                             std::round(canvas.px(x0 + width)), std::round(top + height * cell),
                             rgb(block.color), 0.7f);
        }
    }
    for (const Point2& p : part.explored)
        canvas.rectangle(canvas.px(p.x) - 0.4f * cell, canvas.py(p.y) - 0.4f * cell,
                         canvas.px(p.x) + 0.4f * cell, canvas.py(p.y) + 0.4f * cell, rgb(explored));
    const float line =
        std::max(1.f, static_cast<float>(std::max(canvas.width(), canvas.height())) / 400);
    for (const ViewerArea& area : part.areas)
        if (area.type != 0) canvas.fill({area.outline}, rgb(area_color(area.type)));
    for (const auto& t : part.triangles)
        for (int edge = 0; edge < 3; ++edge)
            canvas.line(t[edge], t[(edge + 1) % 3], line / 2, rgb(triangle));
    const ObstaclesShown shown = obstacles_at(part, frame_shown(part, options));
    if (!shown.buffers->empty()) canvas.fill(*shown.buffers, rgb(buffer));
    for (const auto& shape : *shown.obstacles)
        canvas.fill({shape}, rgb(obstacle));
    for (const auto& edge : part.edges)
        canvas.line(edge[0], edge[1], line / 2, rgb(graph_edge));
    for (const ViewerLink& link : part.links) {
        const LinkShape shape = link_shape(link, canvas.units(line * 5));
        canvas.polyline(shape.arc, line * 1.5f, rgb(link_color));
        canvas.polyline(shape.arrow, line * 1.5f, rgb(link_color));
        canvas.disc(canvas.px(link.from.x), canvas.py(link.from.y), line * 2.5f, rgb(link_color));
        canvas.disc(canvas.px(link.to.x), canvas.py(link.to.y), line * 2.5f, rgb(link_color));
    }
    for (const ViewerPanel& p : part.panels) {
        const Point2 corners[] = {{p.x, p.y},
                                  {p.x + p.width, p.y},
                                  {p.x + p.width, p.y + p.height},
                                  {p.x, p.y + p.height}};
        for (int edge = 0; edge < 4; ++edge)
            canvas.line(corners[edge], corners[(edge + 1) % 4], line, rgb(panel));
    }
    for (const ViewerPath& route : part.paths)
        canvas.polyline(route.points, line * 2, parse_color(route.color));
    draw_units(part, frame_shown(part, options), options, canvas, line);
    draw_markers(part, canvas, line);
    int size = 0;
    unsigned char* bytes = stbi_write_png_to_mem(canvas.data(), canvas.width() * 3, canvas.width(),
                                                 canvas.height(), 3, &size);
    if (!bytes) return Status::invalid_input("the PNG encoder failed (out of memory)");
    std::string png(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
    STBIW_FREE(bytes);
    return png;
}

Status write_part_png(const std::string& path, const ViewerPart& part, int pixels,
                      const PictureOptions& options) {
    auto png = part_png(part, pixels, options);
    if (!png) return Status::invalid_input(path + ": " + png.error().message());
    return write_file_atomically(path, std::move(png).value());
}

}  // namespace pathkit
