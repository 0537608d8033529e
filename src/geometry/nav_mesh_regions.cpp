// NavMesh::update's regions: labels for the new triangles, regions joined or cut by an edit.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "nav_mesh_repair.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
}  // namespace

// The regions round the new triangles. Each piece of new triangles joined by edges takes the
// label of the region whose kept triangles it borders (a new label when none). A piece that
// borders several regions joins them (`join_regions`). A region that borders several pieces
// may have been cut in two (`split_region`). Both flood only as far as they must; an edit that
// does both to one region floods every region again.
void NavMesh::Repair::label_regions() {
    auto& region = mesh_.triangle_region_;
    std::unordered_map<std::uint32_t, std::uint32_t> piece_of;  // new triangle -> its piece
    for (const std::uint32_t triangle : placed_)
        piece_of.emplace(triangle, none);
    std::vector<std::vector<std::uint32_t>> piece_labels, members;
    std::vector<std::uint32_t> queue;
    for (const std::uint32_t seed : placed_) {
        if (piece_of[seed] != none) continue;
        const auto piece = static_cast<std::uint32_t>(piece_labels.size());
        piece_labels.emplace_back();
        members.emplace_back();
        piece_of[seed] = piece;
        queue.assign(1, seed);
        while (!queue.empty()) {
            const std::uint32_t triangle = queue.back();
            queue.pop_back();
            members[piece].push_back(triangle);
            for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle]) {
                if (across == none) continue;
                const auto found = piece_of.find(across);
                if (found == piece_of.end()) {  // a kept neighbour
                    auto& labels = piece_labels[piece];
                    if (std::find(labels.begin(), labels.end(), region[across]) == labels.end())
                        labels.push_back(region[across]);
                } else if (found->second == none) {
                    found->second = piece;
                    queue.push_back(across);
                }
            }
        }
    }
    const std::size_t count = mesh_.triangle_corners_.size();
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> pieces_of_label;
    for (std::uint32_t piece = 0; piece < piece_labels.size(); ++piece)
        for (const std::uint32_t label : piece_labels[piece])
            pieces_of_label[label].push_back(piece);
    bool joined_and_cut = false;
    for (const auto& labels : piece_labels)
        if (labels.size() > 1)
            for (const std::uint32_t label : labels)
                joined_and_cut = joined_and_cut || pieces_of_label[label].size() > 1;
    if (joined_and_cut || mesh_.next_region_ > UINT32_MAX - 2 * count) {
        mesh_.build_regions();
        return;
    }
    for (std::uint32_t piece = 0; piece < piece_labels.size(); ++piece) {
        auto& labels = piece_labels[piece];
        if (labels.empty()) labels.push_back(mesh_.next_region_++);
        if (labels.size() > 1) labels.assign(1, join_regions(labels));
        for (const std::uint32_t triangle : members[piece])
            region[triangle] = labels.front();
    }
    for (const auto& [label, pieces] : pieces_of_label)
        if (pieces.size() > 1) split_region(label, pieces, members);
}

// Floods the regions `labels` a triangle at a time in turn, each from its first triangle
// found, until all but one have run out; those take the label of the one left, which it
// gives back.
std::uint32_t NavMesh::Repair::join_regions(const std::vector<std::uint32_t>& labels) {
    auto& region = mesh_.triangle_region_;
    std::vector<std::vector<std::uint32_t>> queues(labels.size()), visited(labels.size());
    std::unordered_set<std::uint32_t> seen;
    // Seeds: the kept triangles of each region beside the new ones.
    for (const std::uint32_t triangle : placed_)
        for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle]) {
            if (across == none) continue;
            const auto at = std::find(labels.begin(), labels.end(), region[across]);
            if (at != labels.end() && seen.insert(across).second)
                queues[static_cast<std::size_t>(at - labels.begin())].push_back(across);
        }
    std::size_t growing = labels.size();
    while (growing > 1) {
        growing = 0;
        for (std::size_t at = 0; at < labels.size(); ++at) {
            if (queues[at].empty()) continue;
            const std::uint32_t triangle = queues[at].back();
            queues[at].pop_back();
            visited[at].push_back(triangle);
            for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle])
                if (across != none && region[across] == labels[at] && seen.insert(across).second)
                    queues[at].push_back(across);
            growing += queues[at].empty() ? 0 : 1;
        }
    }
    std::size_t survivor = 0;
    while (survivor + 1 < labels.size() && queues[survivor].empty())
        ++survivor;
    for (std::size_t at = 0; at < labels.size(); ++at)
        if (at != survivor)
            for (const std::uint32_t triangle : visited[at])
                region[triangle] = labels[survivor];
    return labels[survivor];
}

// Floods the region `label` from each of `pieces` (their triangles in `members`) a triangle
// at a time in turn. Floods that meet are one part; a part whose floods all run out is all
// of its part of the region, and takes a new label. Stops when one part is left unfinished
// (it keeps the label) or none is.
void NavMesh::Repair::split_region(std::uint32_t label, const std::vector<std::uint32_t>& pieces,
                                   const std::vector<std::vector<std::uint32_t>>& members) {
    auto& region = mesh_.triangle_region_;
    const std::size_t count = pieces.size();
    std::vector<std::uint32_t> part(count);  // union-find over the floods
    for (std::size_t flood = 0; flood < count; ++flood)
        part[flood] = static_cast<std::uint32_t>(flood);
    const auto root = [&](std::uint32_t at) {
        while (part[at] != at)
            at = part[at] = part[part[at]];
        return at;
    };
    std::unordered_map<std::uint32_t, std::uint32_t> flood_of;  // triangle -> flood
    std::vector<std::vector<std::uint32_t>> queues(count);
    for (std::size_t flood = 0; flood < count; ++flood)
        for (const std::uint32_t triangle : members[pieces[flood]]) {
            flood_of.emplace(triangle, static_cast<std::uint32_t>(flood));
            queues[flood].push_back(triangle);
        }
    // Parts still growing: when at most one is, the rest are whole.
    const auto growing_parts = [&] {
        std::vector<std::uint32_t> growing;
        for (std::size_t flood = 0; flood < count; ++flood)
            if (!queues[flood].empty()) growing.push_back(root(static_cast<std::uint32_t>(flood)));
        std::sort(growing.begin(), growing.end());
        return static_cast<std::size_t>(std::unique(growing.begin(), growing.end()) -
                                        growing.begin());
    };
    std::size_t parts = count;
    while (parts > 1 && growing_parts() > 1) {
        for (std::size_t flood = 0; flood < count; ++flood) {
            if (queues[flood].empty()) continue;
            const std::uint32_t triangle = queues[flood].back();
            queues[flood].pop_back();
            for (const std::uint32_t across : mesh_.triangle_neighbours_[triangle]) {
                if (across == none || region[across] != label) continue;
                const auto [found, fresh] =
                    flood_of.emplace(across, static_cast<std::uint32_t>(flood));
                if (fresh) {
                    queues[flood].push_back(across);
                } else if (const std::uint32_t a = root(found->second),
                           b = root(static_cast<std::uint32_t>(flood));
                           a != b) {
                    part[std::max(a, b)] = std::min(a, b);
                    --parts;
                }
            }
        }
    }
    if (parts == 1) return;
    // Every part whose floods all ran out is whole: it takes a new label. If every part ran
    // out, one keeps the label.
    std::vector<std::uint8_t> whole(count, 1);
    for (std::size_t flood = 0; flood < count; ++flood)
        if (!queues[flood].empty()) whole[root(static_cast<std::uint32_t>(flood))] = 0;
    bool kept = false;
    std::vector<std::uint32_t> new_label(count, none);
    for (std::size_t flood = 0; flood < count; ++flood) {
        if (root(static_cast<std::uint32_t>(flood)) != flood || !whole[flood]) continue;
        if (!kept && growing_parts() == 0) {
            kept = true;
            continue;
        }
        new_label[flood] = mesh_.next_region_++;
    }
    for (const auto& [triangle, flood] : flood_of)
        if (const std::uint32_t label_now = new_label[root(flood)]; label_now != none)
            region[triangle] = label_now;
}

}  // namespace pathkit
