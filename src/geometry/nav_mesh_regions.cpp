// NavMesh::update's regions: labels for the new triangles and the regions an edit joined or cut.
#include <algorithm>
#include <unordered_map>
#include <utility>

#include "nav_mesh_repair.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

/// A flood through the kept triangles of one old region, from those beside one piece of new
/// triangles: kept triangles of different regions never share an edge, so it stays in its
/// region.
struct Flood {
    std::uint32_t label;
    std::vector<std::uint32_t> queue, visited;
};
}  // namespace

// The regions round the new triangles. The new triangles fall into pieces joined by edges;
// from each piece a flood starts into every old region it borders. The floods take a kept
// triangle at a time in turn; floods that meet, or start from one piece, are one part of free
// space. They stop when the floods still growing are all one part and one old region: every
// other part is whole and takes a new label, and the one still growing keeps that region's
// label (its triangles not reached have it). An edit that joins regions thus floods all but
// the largest, one that cuts a region floods all but its largest part, and one that does both
// is the same case.
void NavMesh::Repair::label_regions() {
    auto& region = mesh_.triangle_region_;
    const std::size_t count = mesh_.triangle_corners_.size();
    if (mesh_.next_region_ > UINT32_MAX - 2 * count) {
        mesh_.build_regions();
        return;
    }
    std::unordered_map<std::uint32_t, std::uint32_t> piece_of;  // new triangle -> its piece
    for (const std::uint32_t triangle : placed_)
        piece_of.emplace(triangle, none);
    // Union-find over the pieces (numbers 0 ..) and the floods (after them).
    std::vector<std::uint32_t> part;
    const auto root = [&](std::uint32_t at) {
        while (part[at] != at)
            at = part[at] = part[part[at]];
        return at;
    };
    const auto unite = [&](std::uint32_t a, std::uint32_t b) {
        a = root(a), b = root(b);
        if (a != b) part[std::max(a, b)] = std::min(a, b);
    };
    std::vector<std::vector<std::uint32_t>> members;
    std::vector<Flood> floods;
    std::vector<std::uint32_t> flood_owner;                             // flood -> its piece
    std::unordered_map<std::uint32_t, std::uint32_t> flood_of;          // kept triangle -> flood
    std::vector<std::pair<std::uint32_t, std::uint32_t>> shared_seeds;  // floods, by number
    std::vector<std::uint32_t> queue;
    for (const std::uint32_t seed : placed_) {
        if (piece_of[seed] != none) continue;
        const auto piece = static_cast<std::uint32_t>(members.size());
        members.emplace_back();
        piece_of[seed] = piece;
        queue.assign(1, seed);
        const std::size_t first_flood = floods.size();
        while (!queue.empty()) {
            const std::uint32_t triangle = queue.back();
            queue.pop_back();
            members[piece].push_back(triangle);
            for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle]) {
                if (across == none) continue;
                const auto found = piece_of.find(across);
                if (found != piece_of.end()) {
                    if (found->second == none) {
                        found->second = piece;
                        queue.push_back(across);
                    }
                    continue;
                }
                // A kept neighbour: a seed of this piece's flood into its region.
                auto flood = static_cast<std::uint32_t>(first_flood);
                while (flood < floods.size() && floods[flood].label != region[across])
                    ++flood;
                if (flood == floods.size()) {
                    floods.push_back({region[across], {}, {}});
                    flood_owner.push_back(piece);
                }
                const auto [seeded, fresh] = flood_of.emplace(across, flood);
                if (fresh) {
                    floods[flood].queue.push_back(across);
                } else if (seeded->second != flood) {
                    shared_seeds.emplace_back(flood, seeded->second);
                }
            }
        }
    }
    const auto pieces = static_cast<std::uint32_t>(members.size());
    part.resize(pieces + floods.size());
    for (std::uint32_t at = 0; at < part.size(); ++at)
        part[at] = at < pieces ? at : flood_owner[at - pieces];
    for (const auto& [a, b] : shared_seeds)  // a kept triangle beside two pieces joins them
        unite(pieces + a, pieces + b);

    // True when the floods still growing are one part in one region (or none grows).
    std::uint32_t growing_root = none, growing_label = none;
    const auto settled = [&] {
        growing_root = none;
        for (std::uint32_t flood = 0; flood < floods.size(); ++flood) {
            if (floods[flood].queue.empty()) continue;
            const std::uint32_t at = root(pieces + flood);
            if (growing_root == none) {
                growing_root = at;
                growing_label = floods[flood].label;
            } else if (at != growing_root || floods[flood].label != growing_label) {
                return false;
            }
        }
        return true;
    };
    while (!settled())
        for (std::uint32_t flood = 0; flood < floods.size(); ++flood) {
            Flood& running = floods[flood];
            if (running.queue.empty()) continue;
            const std::uint32_t triangle = running.queue.back();
            running.queue.pop_back();
            running.visited.push_back(triangle);
            for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle]) {
                if (across == none || region[across] != running.label || piece_of.contains(across))
                    continue;
                const auto [found, fresh] = flood_of.emplace(across, flood);
                if (fresh) {
                    running.queue.push_back(across);
                } else {
                    unite(pieces + flood, pieces + found->second);
                }
            }
        }

    // Labels: the part still growing keeps its region's; every other part takes a new one.
    std::unordered_map<std::uint32_t, std::uint32_t> label_of_part;
    const auto label_of = [&](std::uint32_t at) {
        const std::uint32_t top = root(at);
        const auto [found, fresh] = label_of_part.emplace(top, 0);
        if (fresh) found->second = top == growing_root ? growing_label : mesh_.next_region_++;
        return found->second;
    };
    for (std::uint32_t piece = 0; piece < pieces; ++piece) {
        const std::uint32_t label = label_of(piece);
        for (const std::uint32_t triangle : members[piece])
            region[triangle] = label;
    }
    for (std::uint32_t flood = 0; flood < floods.size(); ++flood) {
        const std::uint32_t label = label_of(pieces + flood);
        for (const std::uint32_t triangle : floods[flood].visited)
            region[triangle] = label;
        for (const std::uint32_t triangle : floods[flood].queue)  // reached, not yet flooded
            region[triangle] = label;
    }
}

}  // namespace pathkit
