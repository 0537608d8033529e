// Static pictures of viewer parts: SVG text, and PNG pixels written with stb_image_write.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <vector>

#include "pathkit/io/output_files.hpp"
#include "pathkit/io/viewer.hpp"
#include "safe_text.hpp"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace pathkit {

namespace {

struct Rgb {
    std::uint8_t r, g, b;
};
constexpr Rgb background{251, 250, 245}, wall{74, 67, 60}, swamp{156, 143, 90},
    danger{232, 160, 160}, floor_tile{239, 233, 220}, explored{190, 215, 240},
    buffer{242, 196, 184}, obstacle{90, 81, 72}, triangle{154, 170, 187}, panel{125, 111, 96};
constexpr Rgb unit_colors[] = {{217, 72, 15}, {25, 113, 194}, {47, 158, 68}, {174, 62, 201}};

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
          pixels_(static_cast<std::size_t>(width_) * height_, background) {}

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] const std::uint8_t* data() const {
        return reinterpret_cast<const std::uint8_t*>(pixels_.data());
    }
    void set(int x, int y, Rgb color) {
        if (x >= 0 && y >= 0 && x < width_ && y < height_)
            pixels_[static_cast<std::size_t>(y) * width_ + x] = color;
    }
    [[nodiscard]] float px(float x) const { return x * scale_; }
    [[nodiscard]] float py(float y) const { return (part_.y_up ? part_.height - y : y) * scale_; }
    void rectangle(float x0, float y0, float x1, float y1, Rgb color) {  // in pixels
        for (int y = clamp_y(std::floor(y0)); y < clamp_y(std::ceil(y1)); ++y)
            for (int x = clamp_x(std::floor(x0)); x < clamp_x(std::ceil(x1)); ++x)
                set(x, y, color);
    }
    void disc(float cx, float cy, float radius, Rgb color) {  // in pixels
        rectangle_if(cx - radius, cy - radius, cx + radius, cy + radius, color,
                     [&](float x, float y) { return std::hypot(x - cx, y - cy) <= radius; });
    }
    void line(Point2 a, Point2 b, float thickness, Rgb color) {  // in part units
        float ax = px(a.x), ay = py(a.y), bx = px(b.x), by = py(b.y);
        const float margin = thickness + 1;
        if (!clip(ax, ay, bx, by, -margin, -margin, static_cast<float>(width_) + margin,
                  static_cast<float>(height_) + margin))
            return;
        const float length = std::hypot(bx - ax, by - ay);
        const int steps = std::max(1, static_cast<int>(length));
        for (int step = 0; step <= steps; ++step) {
            const float t = static_cast<float>(step) / static_cast<float>(steps);
            disc(ax + (bx - ax) * t, ay + (by - ay) * t, thickness / 2, color);
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
    void rectangle_if(float x0, float y0, float x1, float y1, Rgb color, Inside inside) {
        for (int y = clamp_y(std::floor(y0)); y <= clamp_y(std::ceil(y1)); ++y)
            for (int x = clamp_x(std::floor(x0)); x <= clamp_x(std::ceil(x1)); ++x)
                if (inside(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f))
                    set(x, y, color);
    }

    const ViewerPart& part_;
    float scale_;
    int width_, height_;
    std::vector<Rgb> pixels_;
};

std::string svg_points(const std::vector<Point2>& points, bool y_up, float height) {
    std::ostringstream text;
    for (const Point2& p : points)
        text << p.x << ',' << (y_up ? height - p.y : p.y) << ' ';
    return text.str();
}

}  // namespace

std::string part_svg(const ViewerPart& part) {
    const float line = std::max(part.width, part.height) / 500;
    const auto points = [&](const std::vector<Point2>& list) {
        return svg_points(list, part.y_up, part.height);
    };
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << part.width << ' '
        << part.height << "\" width=\"800\" height=\""
        << io_detail::picture_height(800, part.width, part.height) << "\">\n<title>"
        << io_detail::xml_escaped(part.name) << "</title>\n<rect width=\"" << part.width
        << "\" height=\"" << part.height << "\" fill=\"#fbfaf5\"/>\n";
    for (std::size_t y = 0; y < part.tiles.size(); ++y) {
        for (std::size_t x = 0; x < part.tiles[y].size(); ++x) {
            const char tile = part.tiles[y][x];
            if (tile == ' ') continue;
            const char* color = tile == '#'   ? "#4a433c"
                                : tile == '~' ? "#9c8f5a"
                                : tile == '!' ? "#e8a0a0"
                                              : "#efe9dc";
            svg << "<rect x=\"" << x << "\" y=\"" << y
                << "\" width=\"1.02\" height=\"1.02\" fill=\"" << color << "\"/>\n";
        }
    }
    for (const Point2& p : part.explored)
        svg << "<rect x=\"" << p.x - 0.45f << "\" y=\""
            << (part.y_up ? part.height - p.y : p.y) - 0.45f
            << "\" width=\"0.9\" height=\"0.9\" fill=\"#5096e6\" fill-opacity=\"0.28\"/>\n";
    for (const auto& t : part.triangles)
        svg << "<polygon points=\"" << points({t[0], t[1], t[2]})
            << "\" fill=\"none\" stroke=\"#9ab\" stroke-width=\"" << line / 2 << "\"/>\n";
    if (!part.buffers.empty()) {
        svg << "<path fill=\"#f2c4b8\" fill-rule=\"evenodd\" d=\"";
        for (const auto& ring : part.buffers)
            svg << 'M' << points(ring) << "Z ";
        svg << "\"/>\n";
    }
    for (const auto& shape : part.obstacles)
        svg << "<polygon points=\"" << points(shape) << "\" fill=\"#5a5148\"/>\n";
    for (const ViewerPanel& panel : part.panels)
        svg << "<rect x=\"" << panel.x << "\" y=\"" << panel.y << "\" width=\"" << panel.width
            << "\" height=\"" << panel.height
            << "\" fill=\"none\" stroke=\"#7d6f60\" stroke-width=\"" << line * 1.5f << "\"/>\n";
    for (const ViewerPath& path : part.paths)
        svg << "<polyline points=\"" << points(path.points) << "\" fill=\"none\" stroke=\""
            << io_detail::xml_escaped(path.color) << "\" stroke-width=\"" << line * 2.5f
            << "\" stroke-linejoin=\"round\"/>\n";
    if (!part.frames.empty()) {
        const float radius = std::max(part.width, part.height) / 120;
        for (std::size_t unit = 0; unit < part.frames.front().size(); ++unit) {
            const Point2 p = part.frames.front()[unit];
            if (std::isnan(p.x)) continue;
            svg << "<circle cx=\"" << p.x << "\" cy=\"" << (part.y_up ? part.height - p.y : p.y)
                << "\" r=\"" << radius << "\" fill=\"#d9480f\"/>\n";
        }
    }
    svg << "</svg>\n";
    return svg.str();
}

Expected<std::string> part_png(const ViewerPart& part, int pixels) {
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
            const Rgb color = tile == '#'   ? wall
                              : tile == '~' ? swamp
                              : tile == '!' ? danger
                                            : floor_tile;
            canvas.rectangle(static_cast<float>(x) * cell, static_cast<float>(y) * cell,
                             static_cast<float>(x + 1) * cell, static_cast<float>(y + 1) * cell,
                             color);
        }
    }
    for (const Point2& p : part.explored)
        canvas.rectangle(canvas.px(p.x) - 0.4f * cell, canvas.py(p.y) - 0.4f * cell,
                         canvas.px(p.x) + 0.4f * cell, canvas.py(p.y) + 0.4f * cell, explored);
    const float line =
        std::max(1.f, static_cast<float>(std::max(canvas.width(), canvas.height())) / 400);
    for (const auto& t : part.triangles)
        for (int edge = 0; edge < 3; ++edge)
            canvas.line(t[edge], t[(edge + 1) % 3], line / 2, triangle);
    if (!part.buffers.empty()) canvas.fill(part.buffers, buffer);
    for (const auto& shape : part.obstacles)
        canvas.fill({shape}, obstacle);
    for (const ViewerPanel& p : part.panels) {
        const Point2 corners[] = {{p.x, p.y},
                                  {p.x + p.width, p.y},
                                  {p.x + p.width, p.y + p.height},
                                  {p.x, p.y + p.height}};
        for (int edge = 0; edge < 4; ++edge)
            canvas.line(corners[edge], corners[(edge + 1) % 4], line, panel);
    }
    for (const ViewerPath& route : part.paths)
        for (std::size_t index = 1; index < route.points.size(); ++index)
            canvas.line(route.points[index - 1], route.points[index], line * 2,
                        parse_color(route.color));
    if (!part.frames.empty()) {
        for (std::size_t unit = 0; unit < part.frames.front().size(); ++unit) {
            const Point2 p = part.frames.front()[unit];
            if (!std::isnan(p.x))
                canvas.disc(canvas.px(p.x), canvas.py(p.y), line * 3, unit_colors[unit % 4]);
        }
    }
    int size = 0;
    unsigned char* bytes = stbi_write_png_to_mem(canvas.data(), canvas.width() * 3, canvas.width(),
                                                 canvas.height(), 3, &size);
    if (!bytes) return Status::invalid_input("the PNG encoder failed (out of memory)");
    std::string png(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
    STBIW_FREE(bytes);
    return png;
}

Status write_part_png(const std::string& path, const ViewerPart& part, int pixels) {
    auto png = part_png(part, pixels);
    if (!png) return Status::invalid_input(path + ": " + png.error().message());
    return write_file_atomically(path, std::move(png).value());
}

}  // namespace pathkit
