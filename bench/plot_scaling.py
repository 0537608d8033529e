"""Plots pathkit_bench_grid_scaling's JSON lines and prints them as markdown tables.

Usage: /usr/bin/python3 bench/plot_scaling.py SWEEP.jsonl OUT.png [--length-size SIZE]

Draws three panels into OUT.png (matplotlib, Agg backend): (a) median microseconds per uniform
query against map size, (b) microseconds against path cost on one map (bucketed medians over both
query sets; the largest map unless --length-size), (c) the speedup of 2 threads over 1. Prints
the same figures as markdown tables on standard output. Run by scripts/bench-scaling.
"""
import argparse
import json
import math
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

ALGORITHMS = [("astar", "A*"), ("jps-tiles", "JPS, tiles"), ("jps-turns", "JPS, turns")]
COLOURS = {"astar": "#d62728", "jps-tiles": "#1f77b4", "jps-turns": "#2ca02c"}
LABELS = dict(ALGORITHMS)


def number(value):
    """A figure the way docs/benchmarks.md writes them: 1,991 / 13.4 / 0.71."""
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def read_lines(path):
    records = defaultdict(list)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if line:
                record = json.loads(line)
                records[record["kind"]].append(record)
    return records


def bucket_edges(largest, factor):
    edges = [4.0]
    while edges[-1] <= largest:
        edges.append(edges[-1] * factor)
    return [0.0] + edges


def bucketed(samples, edges, minimum):
    """Median cost and median microseconds of each bucket of (cost, microseconds) samples."""
    rows = []
    for low, high in zip(edges, edges[1:]):
        inside = [(cost, time) for cost, time in samples if low <= cost < high]
        if len(inside) >= minimum:
            rows.append((low, high, len(inside), statistics.median(c for c, _ in inside),
                         statistics.median(t for _, t in inside)))
    return rows


def size_label(size):
    return f"{size}²"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sweep")
    parser.add_argument("png")
    parser.add_argument("--length-size", type=int, help="the map for time against path length")
    arguments = parser.parse_args()
    records = read_lines(arguments.sweep)
    summaries = {(r["size"], r["algorithm"]): r for r in records["summary"]}
    maps = {r["size"]: r for r in records["map"]}
    sizes = sorted({size for size, _ in summaries})
    queries = records["query"]
    if not sizes:
        sys.exit(f"{arguments.sweep}: no summary lines (did the sweep run?)")
    length_size = arguments.length_size or sizes[-1]

    # Table 1: per map size.
    print("| map | region tiles | median path | A* median µs | A* mean µs | A* expanded | "
          "A* ns per expansion | JPS tiles median µs | JPS turns median µs | JPS expanded | "
          "A* / JPS turns |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        astar, tiles, turns = (summaries[(size, name)] for name, _ in ALGORITHMS)
        costs = [q["cost"] for q in queries
                 if q["size"] == size and q["set"] == "uniform" and q["algorithm"] == "astar"]
        ns_per_expansion = 1000 * astar["mean_microseconds"] / max(1, astar["mean_expanded"])
        print(f"| {size_label(size)} | {maps[size]['region_tiles']:,} | "
              f"{number(statistics.median(costs))} | {number(astar['median_microseconds'])} | "
              f"{number(astar['mean_microseconds'])} | {astar['median_expanded']:,.0f} | "
              f"{ns_per_expansion:.0f} | {number(tiles['median_microseconds'])} | "
              f"{number(turns['median_microseconds'])} | {tiles['median_expanded']:,.0f} | "
              f"{astar['median_microseconds'] / turns['median_microseconds']:.1f}x |")
    print()
    print(f"Medians over {astar['queries']} uniform random queries per map; expansions are "
          "medians (JPS counts jump points); ns per expansion is mean time over mean expansions.")
    print()

    # Table 2: time against path length on one map.
    samples = defaultdict(list)
    for q in queries:
        if q["size"] == length_size:
            samples[q["algorithm"]].append((q["cost"], q["microseconds"]))
    if samples:
        largest = max(cost for cost, _ in samples["astar"])
        edges = bucket_edges(largest, 4)
        columns = {name: {(low, high): (count, time)
                          for low, high, count, _, time in bucketed(samples[name], edges, 1)}
                   for name, _ in ALGORITHMS}
        print(f"Time against path cost on the {size_label(length_size)} map (uniform and spread "
              "queries together, medians per bucket):")
        print()
        print("| path cost | queries | A* median µs | JPS tiles median µs | JPS turns median µs |")
        print("|---|---:|---:|---:|---:|")
        for low, high in zip(edges, edges[1:]):
            if (low, high) not in columns["astar"]:
                continue
            count = columns["astar"][(low, high)][0]
            times = [number(columns[name][(low, high)][1]) for name, _ in ALGORITHMS]
            print(f"| {low:,.0f} to {high:,.0f} | {count} | " + " | ".join(times) + " |")
        print()

    # Table 3: throughput.
    throughput = defaultdict(dict)
    for r in records["throughput"]:
        throughput[(r["size"], r["algorithm"])][r["threads"]] = r
    if throughput:
        counts = sorted({threads for runs in throughput.values() for threads in runs})
        more = [threads for threads in counts if threads > 1]
        header = " | ".join(f"{threads} thread{'s' if threads > 1 else ''} queries/s"
                            for threads in counts)
        speedups = " | ".join(f"{threads} threads speedup" for threads in more)
        shares = " / ".join(str(threads) for threads in counts)
        print(f"| map | algorithm | {header} | {speedups} | CPU share ({shares} threads) |")
        print("|---|---|" + "---:|" * (len(counts) + len(more) + 1))
        for (size, name), runs in sorted(throughput.items()):
            if 1 not in runs:
                continue
            rates = " | ".join(number(runs[t]["queries_per_second"]) for t in counts if t in runs)
            gains = " | ".join(
                f"{runs[t]['queries_per_second'] / runs[1]['queries_per_second']:.2f}x"
                for t in more if t in runs)
            cpu = " / ".join(f"{runs[t]['cpu_share']:.2f}" for t in counts if t in runs)
            print(f"| {size_label(size)} | {LABELS[name]} | {rates} | {gains} | {cpu} |")
        print()
        print("Each run answers the same list of uniform queries; queries/s is the sum over "
              "threads of each thread's queries over its own time. CPU share: CPU time the "
              "threads got over the time they ran (1.00: a core each all along).")

    # The picture.
    panels = 3 if throughput else 2
    figure, axes = plt.subplots(1, panels, figsize=(6 * panels, 5.2))
    size_axes = axes[0]
    for name, label in ALGORITHMS:
        medians = [summaries[(size, name)]["median_microseconds"] for size in sizes]
        size_axes.plot(sizes, medians, marker="o", color=COLOURS[name], label=label)
    size_axes.set_xscale("log", base=2)
    size_axes.set_yscale("log")
    size_axes.set_xticks(sizes, [size_label(size) for size in sizes])
    size_axes.minorticks_off()
    size_axes.set_xlabel("map size (tiles; 22% blocked, walls)")
    size_axes.set_ylabel("median µs per query")
    size_axes.set_title("(a) time per random query against map size")
    size_axes.grid(True, which="major", alpha=0.3)
    size_axes.legend()

    length_axes = axes[1]
    if samples:
        edges = bucket_edges(max(cost for cost, _ in samples["astar"]), math.sqrt(2))
        for name, label in ALGORITHMS:
            costs = [cost for cost, _ in samples[name]]
            times = [time for _, time in samples[name]]
            length_axes.scatter(costs, times, s=5, alpha=0.3, color=COLOURS[name], linewidths=0)
            rows = bucketed(samples[name], edges, 3)
            length_axes.plot([row[3] for row in rows], [row[4] for row in rows], marker=".",
                             color=COLOURS[name], label=f"{label} (bucket medians)")
    length_axes.set_xscale("log")
    length_axes.set_yscale("log")
    length_axes.set_xlabel("path cost (tiles; a diagonal step costs √2)")
    length_axes.set_ylabel("µs per query")
    length_axes.set_title(f"(b) time against path length, {size_label(length_size)} map")
    length_axes.grid(True, which="major", alpha=0.3)
    length_axes.legend()

    if throughput:
        thread_axes = axes[2]
        keys = [key for key in sorted(throughput) if 1 in throughput[key]]
        more = sorted({t for key in keys for t in throughput[key] if t > 1})
        width = 0.8 / max(1, len(more))
        for index, threads in enumerate(more):
            positions, gains, allowed, colours = [], [], [], []
            for place, key in enumerate(keys):
                runs = throughput[key]
                if threads in runs:
                    positions.append(place + (index - (len(more) - 1) / 2) * width)
                    gains.append(runs[threads]["queries_per_second"] /
                                 runs[1]["queries_per_second"])
                    # The speedup the CPU time the threads got allows: threads x their share
                    # of a core each, over the single thread's share.
                    allowed.append(threads * runs[threads]["cpu_share"] /
                                   max(1e-9, runs[1]["cpu_share"]))
                    colours.append(COLOURS[key[1]])
            bars = thread_axes.bar(positions, gains, width * 0.9, color=colours)
            thread_axes.bar_label(bars, fmt="%.2fx", label_type="center", color="white",
                                  fontsize=9, fontweight="bold")
            thread_axes.scatter(positions, allowed, marker="_", s=900, color="black",
                                label="what the CPU time the threads got allows" if index == 0
                                else None, zorder=3)
            thread_axes.axhline(threads, linestyle="--", color="grey", linewidth=1,
                                label="ideal" if index == 0 else None)
        thread_axes.axhline(1, color="black", linewidth=0.8)
        thread_axes.set_xticks(range(len(keys)),
                               [f"{LABELS[name]}\n{size_label(size)}" for size, name in keys],
                               fontsize=8)
        thread_axes.set_ylabel("queries per second over 1 thread's")
        thread_axes.set_ylim(0, max(more) * 1.35)
        thread_axes.set_title(f"(c) {', '.join(map(str, more))} threads sharing one map")
        thread_axes.grid(True, axis="y", alpha=0.3)
        thread_axes.legend(loc="upper left", fontsize=8, markerscale=0.4)

    figure.suptitle("pathkit grid search scaling: generated maps, no corner cutting, octile")
    figure.tight_layout()
    figure.savefig(arguments.png, dpi=110)
    print(f"\nPlot: {arguments.png}", file=sys.stderr)


if __name__ == "__main__":
    main()
