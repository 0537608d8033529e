// Goal-bounds files: writing the little-endian layout and reading it back with every field checked.
#include "pathkit/io/goal_bounds_file.hpp"

#include <bit>
#include <cmath>
#include <cstring>

#include "input_file.hpp"
#include "pathkit/io/output_files.hpp"

namespace pathkit {
namespace {

constexpr std::string_view magic = "PKBOUNDS";
constexpr std::uint32_t version = 1;
constexpr std::size_t header_bytes = 48;
constexpr std::size_t bytes_per_tile = GoalBounds::moves * 4 * 2;
constexpr DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                       DiagonalPolicy::AtLeastOneWalkable,
                                       DiagonalPolicy::NoCornerCutting};

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const char byte : bytes) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 1099511628211ULL;
    }
    return hash;
}

void put(std::string& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((value >> (8 * i)) & 0xFFU));
}

/// Reads little-endian fields in order, remembering the offset for messages.
class FieldReader {
  public:
    explicit FieldReader(std::string_view bytes) : bytes_(bytes) {}
    std::uint64_t take(int count) {
        std::uint64_t value = 0;
        for (int i = 0; i < count; ++i)
            value |= std::uint64_t{static_cast<unsigned char>(bytes_[offset_ + i])} << (8 * i);
        offset_ += static_cast<std::size_t>(count);
        return value;
    }
    [[nodiscard]] std::size_t offset() const { return offset_; }

  private:
    std::string_view bytes_;
    std::size_t offset_ = 0;
};

}  // namespace

std::string goal_bounds_bytes(const GoalBounds& bounds) {
    std::string out;
    const std::size_t tiles = static_cast<std::size_t>(bounds.width()) * bounds.height();
    out.reserve(header_bytes + tiles * bytes_per_tile + 8);
    out.append(magic);
    put(out, version, 4);
    put(out, static_cast<std::uint32_t>(bounds.width()), 4);
    put(out, static_cast<std::uint32_t>(bounds.height()), 4);
    std::uint32_t policy = 0;
    while (policies[policy] != bounds.rules().diagonal)
        ++policy;
    put(out, policy, 4);
    put(out, std::bit_cast<std::uint32_t>(bounds.rules().straight_cost), 4);
    put(out, std::bit_cast<std::uint32_t>(bounds.rules().diagonal_cost), 4);
    put(out, bounds.map_fingerprint(), 8);
    put(out, bounds.tiles_done(), 8);
    for (int y = 0; y < bounds.height(); ++y) {
        for (int x = 0; x < bounds.width(); ++x) {
            for (int move = 0; move < GoalBounds::moves; ++move) {
                const TileBox box = bounds.box(x, y, move);
                for (const std::uint16_t field : {box.min_x, box.max_x, box.min_y, box.max_y})
                    put(out, field, 2);
            }
        }
    }
    put(out, fnv1a(out), 8);
    return out;
}

Expected<GoalBounds> parse_goal_bounds(std::string_view bytes, const std::string& source) {
    const auto refuse = [&source](std::size_t offset, const std::string& what) {
        return Status::invalid_input(source + ": byte " + std::to_string(offset) + ": " + what);
    };
    if (bytes.size() < header_bytes + 8 || bytes.substr(0, magic.size()) != magic) {
        return refuse(0, "not a pathkit goal-bounds file (it starts with \"PKBOUNDS\" and has a " +
                             std::to_string(header_bytes) +
                             "-byte header; make one with "
                             "pathkit index)");
    }
    FieldReader fields(bytes);
    fields.take(8);
    if (const auto found = fields.take(4); found != version)
        return refuse(8, "version " + std::to_string(found) + ", this pathkit reads version 1");
    const std::uint64_t width = fields.take(4);
    const std::uint64_t height = fields.take(4);
    if (width < 1 || height < 1 || width > GridMap::max_side || height > GridMap::max_side ||
        width * height > max_goal_bounds_tiles) {
        return refuse(12, "a map of " + std::to_string(width) + " x " + std::to_string(height) +
                              " tiles: sides are 1 to " + std::to_string(GridMap::max_side) +
                              " and at most " + std::to_string(max_goal_bounds_tiles) +
                              " tiles in all");
    }
    const std::uint64_t policy = fields.take(4);
    if (policy > 3) return refuse(20, "diagonal policy " + std::to_string(policy) + " is not 0-3");
    MovementRules rules;
    rules.diagonal = policies[policy];
    rules.straight_cost = std::bit_cast<float>(static_cast<std::uint32_t>(fields.take(4)));
    rules.diagonal_cost = std::bit_cast<float>(static_cast<std::uint32_t>(fields.take(4)));
    if (const Status valid = validate(rules); !valid)
        return refuse(24, "the movement costs are refused: " + valid.message());
    const std::uint64_t fingerprint = fields.take(8);
    const std::uint64_t tiles_done = fields.take(8);
    const std::uint64_t tiles = width * height;
    if (tiles_done > tiles) {
        return refuse(
            40, std::to_string(tiles_done) + " tiles done of a map of " + std::to_string(tiles));
    }
    const std::size_t expected_size = header_bytes + tiles * bytes_per_tile + 8;
    if (bytes.size() != expected_size) {
        return refuse(bytes.size() < expected_size ? bytes.size() : expected_size,
                      "the file has " + std::to_string(bytes.size()) + " bytes; a map of " +
                          std::to_string(width) + " x " + std::to_string(height) + " needs " +
                          std::to_string(expected_size) + " (cut short or padded)");
    }
    const std::size_t body = expected_size - 8;
    FieldReader trailer(bytes.substr(body));
    if (trailer.take(8) != fnv1a(bytes.substr(0, body)))
        return refuse(body, "the checksum does not match: the file is damaged");
    GoalBounds bounds(static_cast<int>(width), static_cast<int>(height), rules, fingerprint);
    for (std::uint64_t tile = 0; tile < tiles; ++tile) {
        TileBox boxes[GoalBounds::moves];
        for (int move = 0; move < GoalBounds::moves; ++move) {
            const std::size_t at = fields.offset();
            TileBox box;
            box.min_x = static_cast<std::uint16_t>(fields.take(2));
            box.max_x = static_cast<std::uint16_t>(fields.take(2));
            box.min_y = static_cast<std::uint16_t>(fields.take(2));
            box.max_y = static_cast<std::uint16_t>(fields.take(2));
            const bool empty = box == TileBox{};
            const bool inside = box.min_x <= box.max_x && box.max_x < width &&
                                box.min_y <= box.max_y && box.max_y < height;
            if (!empty && (!inside || tile >= tiles_done)) {
                return refuse(at, "tile " + std::to_string(tile) + " move " + std::to_string(move) +
                                      ": " +
                                      (inside ? "a box past the tiles done"
                                              : "a box that is neither empty nor inside the map"));
            }
            boxes[move] = box;
        }
        bounds.set_boxes(static_cast<int>(tile % width), static_cast<int>(tile / width), boxes);
    }
    bounds.set_tiles_done(tiles_done);
    return bounds;
}

Expected<GoalBounds> load_goal_bounds(const std::string& path) {
    std::string bytes;
    if (Status read = io_detail::read_file_text(
            path, bytes, header_bytes + max_goal_bounds_tiles * bytes_per_tile + 8);
        !read)
        return read;
    return parse_goal_bounds(bytes, path);
}

Status save_goal_bounds(const GoalBounds& bounds, const std::string& path) {
    return write_file_atomically(path, goal_bounds_bytes(bounds));
}

}  // namespace pathkit
