// The .graph text format: reading good files, and clear line-numbered errors for bad ones.
#include <gtest/gtest.h>

#include <sstream>

#include "pathkit/io/graph_file.hpp"

namespace pathkit {
namespace {

Expected<NamedGraph> read(const std::string& text) {
    std::istringstream input(text);
    return read_graph(input, "test.graph");
}

TEST(GraphFile, ReadsNodesPositionsEdgesAndDisabledNodes) {
    const auto loaded = read(
        "# a small town\n"
        "node inn 0 0\n"
        "node well 3 4   # comment after a statement\n"
        "node tower 3 4 12\n"
        "edge inn <-> well\r\n"
        "edge well -> tower 20\n"
        "edge tower -> cellar\n"
        "\n"
        "disable cellar\n");
    ASSERT_TRUE(loaded) << loaded.error().message();
    const NamedGraph& town = loaded.value();
    EXPECT_EQ(town.graph.node_count(), 4u);
    const NodeId inn = *town.find("inn");
    const NodeId well = *town.find("well");
    const NodeId tower = *town.find("tower");
    const NodeId cellar = *town.find("cellar");
    EXPECT_EQ(town.name(tower), "tower");
    EXPECT_FLOAT_EQ(town.graph.cost(inn, well), 5);
    EXPECT_FLOAT_EQ(town.graph.cost(well, inn), 5);
    EXPECT_FLOAT_EQ(town.graph.cost(well, tower), 20);
    EXPECT_EQ(town.graph.cost(tower, well), infinite_cost);
    EXPECT_FLOAT_EQ(town.graph.cost(tower, cellar), 1) << "cellar has no position";
    EXPECT_FALSE(town.graph.is_enabled(cellar));
    EXPECT_FLOAT_EQ(town.graph.position(tower)->z, 12);
    EXPECT_FALSE(town.find("attic").has_value());
}

struct BadFile {
    const char* name;
    const char* text;
    const char* expected_message;
};

class GraphFileErrors : public ::testing::TestWithParam<BadFile> {};

TEST_P(GraphFileErrors, NameTheFileTheLineAndTheProblem) {
    const auto loaded = read(GetParam().text);
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().message(), GetParam().expected_message);
}

INSTANTIATE_TEST_SUITE_P(
    BadGraphFiles, GraphFileErrors,
    ::testing::Values(
        BadFile{"UnknownStatement", "node a\nnod b\n",
                "test.graph:2: unknown statement 'nod' (expected node, edge or disable)"},
        BadFile{"NodeWithOneCoordinate", "node a 1\n",
                "test.graph:1: expected 'node NAME [X Y [Z]]'"},
        BadFile{"NonNumericCoordinate", "node a 1 y\n",
                "test.graph:1: coordinate 'y' is not a number within ±1e9"},
        BadFile{"NanCoordinate", "node a nan 0\n",
                "test.graph:1: coordinate 'nan' is not a number within ±1e9"},
        BadFile{"NodeDeclaredTwice", "node a\n\nnode a\n",
                "test.graph:3: node 'a' is declared twice"},
        BadFile{"EdgeWithoutArrow", "edge a b\n",
                "test.graph:1: expected 'edge FROM -> TO [COST]' or 'edge FROM <-> TO [COST]'"},
        BadFile{"NegativeCost", "edge a -> b -3\n",
                "test.graph:1: cost '-3' is not a finite number >= 0"},
        BadFile{"NanCost", "edge a -> b NaN\n",
                "test.graph:1: cost 'NaN' is not a finite number >= 0"},
        BadFile{"CostBeyondFloat", "edge a -> b 1e39\n",
                "test.graph:1: cost '1e39' is not a finite number >= 0"},
        BadFile{"SelfLoop", "# x\nedge a -> a\n",
                "test.graph:2: node 'a' cannot be connected to itself"},
        BadFile{"DisableUnknownNode", "disable ghost\n",
                "test.graph:1: node 'ghost' is not declared"},
        BadFile{"OnlyComments", "# nothing but comments\n\n", "test.graph: the graph has no nodes"},
        BadFile{"EmptyFile", "", "test.graph: the graph has no nodes"}),
    [](const ::testing::TestParamInfo<BadFile>& param_info) {
        return std::string(param_info.param.name);
    });

TEST(GraphFile, AMissingFileIsAClearError) {
    const auto loaded = load_graph_file("/nonexistent/town.graph");
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().message(),
              "/nonexistent/town.graph: cannot open the file (No such file or directory)");
}

}  // namespace
}  // namespace pathkit
