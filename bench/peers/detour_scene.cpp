// Recast/Detour as a peer: our navigation mesh's triangles loaded as a Detour tile, queried
// with findPath + findStraightPath, to time the same scene side by side.
#include "detour_scene.hpp"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>

#include <cmath>
#include <map>
#include <utility>

namespace pathkit::bench {

DetourScene::DetourScene(const std::vector<MeshTriangle>& triangles, Point2 min, Point2 max,
                         bool flip, const std::vector<Link>& links, float link_reach) {
    // Detour keeps vertices as 16-bit cell numbers: choose the cell so the world fits.
    const float cell = std::max(max.x - min.x, max.y - min.y) / 60000.f;
    std::map<std::pair<int, int>, unsigned short> vertex_of;
    std::vector<unsigned short> vertices;
    std::vector<unsigned short> polygons;
    std::map<std::pair<unsigned short, unsigned short>, std::pair<int, int>> edge_owner;
    for (std::size_t index = 0; index < triangles.size(); ++index) {
        unsigned short corners[3];
        for (int corner = 0; corner < 3; ++corner) {
            const Point2 p = triangles[index][flip ? 2 - corner : corner];
            const std::pair<int, int> key{static_cast<int>(std::lround((p.x - min.x) / cell)),
                                          static_cast<int>(std::lround((p.y - min.y) / cell))};
            auto found = vertex_of.find(key);
            if (found == vertex_of.end()) {
                found =
                    vertex_of.emplace(key, static_cast<unsigned short>(vertices.size() / 3)).first;
                vertices.insert(vertices.end(), {static_cast<unsigned short>(key.first), 0,
                                                 static_cast<unsigned short>(key.second)});
            }
            corners[corner] = found->second;
        }
        polygons.insert(polygons.end(),
                        {corners[0], corners[1], corners[2], 0xffff, 0xffff, 0xffff});
        for (int edge = 0; edge < 3; ++edge) {
            const unsigned short a = corners[edge], b = corners[(edge + 1) % 3];
            const auto key = std::minmax(a, b);
            const auto other = edge_owner.find(key);
            if (other == edge_owner.end()) {
                edge_owner[key] = {static_cast<int>(index), edge};
                continue;
            }
            const auto [neighbour, neighbour_edge] = other->second;
            polygons[index * 6 + 3 + static_cast<std::size_t>(edge)] =
                static_cast<unsigned short>(neighbour);
            polygons[static_cast<std::size_t>(neighbour) * 6 + 3 +
                     static_cast<std::size_t>(neighbour_edge)] = static_cast<unsigned short>(index);
        }
    }
    if (vertices.size() / 3 >= 0xffff || triangles.size() >= 0x7fff) return;
    std::vector<unsigned short> flags(triangles.size(), 1);
    std::vector<unsigned char> areas(triangles.size(), 0);
    dtNavMeshCreateParams params{};
    params.verts = vertices.data();
    params.vertCount = static_cast<int>(vertices.size() / 3);
    params.polys = polygons.data();
    params.polyFlags = flags.data();
    params.polyAreas = areas.data();
    params.polyCount = static_cast<int>(triangles.size());
    params.nvp = 3;
    params.bmin[0] = min.x;
    params.bmin[1] = 0;
    params.bmin[2] = min.y;
    params.bmax[0] = max.x;
    params.bmax[1] = 1;
    params.bmax[2] = max.y;
    params.walkableHeight = 2;
    params.walkableRadius = 0;
    params.walkableClimb = 1;
    params.cs = cell;
    params.ch = 1;
    params.buildBvTree = true;
    std::vector<float> link_ends;
    std::vector<float> link_reaches(links.size(), link_reach);
    std::vector<unsigned char> link_ways, link_areas(links.size(), 0);
    std::vector<unsigned short> link_flags(links.size(), 1);
    std::vector<unsigned int> link_ids;
    for (const Link& link : links) {
        link_ends.insert(link_ends.end(), {link.from.x, 0, link.from.y, link.to.x, 0, link.to.y});
        link_ways.push_back(link.bidirectional ? DT_OFFMESH_CON_BIDIR : 0);
        link_ids.push_back(static_cast<unsigned int>(link_ids.size()));
    }
    params.offMeshConVerts = link_ends.data();
    params.offMeshConRad = link_reaches.data();
    params.offMeshConDir = link_ways.data();
    params.offMeshConAreas = link_areas.data();
    params.offMeshConFlags = link_flags.data();
    params.offMeshConUserID = link_ids.data();
    params.offMeshConCount = static_cast<int>(links.size());
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&params, &data, &size)) return;
    mesh_ = dtAllocNavMesh();
    if (dtStatusFailed(mesh_->init(data, size, DT_TILE_FREE_DATA))) {
        dtFree(data);
        return;
    }
    dtNavMeshQuery* query = dtAllocNavMeshQuery();
    if (dtStatusFailed(query->init(mesh_, 65535))) {
        dtFreeNavMeshQuery(query);
        return;
    }
    query_ = query;
}

DetourScene::~DetourScene() {
    dtFreeNavMeshQuery(query_);
    dtFreeNavMesh(mesh_);
}

double detour_path_length(const dtNavMeshQuery& query, Point2 from, Point2 to, float reach) {
    const dtQueryFilter filter;
    const float extents[3] = {reach, reach, reach};
    const float start[3] = {from.x, 0, from.y}, end[3] = {to.x, 0, to.y};
    dtPolyRef start_ref = 0, end_ref = 0;
    float start_at[3], end_at[3];
    query.findNearestPoly(start, extents, &filter, &start_ref, start_at);
    query.findNearestPoly(end, extents, &filter, &end_ref, end_at);
    if (!start_ref || !end_ref) return -1;
    static thread_local dtPolyRef corridor[8192];
    int corridor_size = 0;
    query.findPath(start_ref, end_ref, start_at, end_at, &filter, corridor, &corridor_size, 8192);
    if (corridor_size == 0 || corridor[corridor_size - 1] != end_ref) return -1;
    static thread_local float straight[3 * 1024];
    int points = 0;
    query.findStraightPath(start_at, end_at, corridor, corridor_size, straight, nullptr, nullptr,
                           &points, 1024);
    double length = 0;
    for (int index = 1; index < points; ++index)
        length += std::hypot(straight[3 * index] - straight[3 * index - 3],
                             straight[3 * index + 2] - straight[3 * index - 1]);
    return length;
}

double DetourScene::path_length(Point2 from, Point2 to) const {
    return detour_path_length(*query_, from, to, 2);
}

}  // namespace pathkit::bench
