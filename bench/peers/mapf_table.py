#!/usr/bin/env python3
"""Tables for docs/benchmarks.md from scripts/bench-mapf's runs (standard library only).

Reads the index (one line per run: solver mode map scenario agents verdict result-file) and
each result file's key=value fields; prints, per map and agent count, success within the
limit, median time to the first solution, and sum of costs over its lower bound, pathkit
beside LaCAM3; then overall figures: success rates, the geometric mean of per-instance time
ratios (pathkit / LaCAM3, both clamped to at least 1 ms, LaCAM3's resolution) and mean cost
ratios over the instances both solved (for pathkit, and for each "pathkit-QUALITY" run beside
it). Exit 1 when any plan failed its check."""
import math
import statistics
import sys
from collections import defaultdict


def fields_of(path):
    fields = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as result:
            for line in result:
                line = line.rstrip("\r\n")
                if line.startswith("solution="):
                    break
                key, _, value = line.partition("=")
                fields[key] = value
    except OSError:
        pass
    return fields


def number(fields, key):
    try:
        return float(fields[key])
    except (KeyError, ValueError):
        return None


def main():
    index, limit = sys.argv[1], sys.argv[2]
    runs = {}  # (solver, mode, map, scen, agents) -> (verdict, fields)
    with open(index, encoding="utf-8") as lines:
        for line in lines:
            solver, mode, name, scen, agents, verdict, path = line.split()
            runs[(solver, mode, name, int(scen), int(agents))] = (verdict, fields_of(path))
    invalid = [key for key, (verdict, _) in runs.items() if verdict == "INVALID"]
    solvers = sorted({key[0] for key in runs},
                     key=lambda s: (s != "pathkit", not s.startswith("pathkit"), s))
    groups = defaultdict(list)  # (mode, map, agents) -> scen numbers
    for solver, mode, name, scen, agents in runs:
        if solver == "pathkit":
            groups[(mode, name, agents)].append(scen)

    def row_figures(solver, mode, name, agents, scens):
        solved, times, costs = 0, [], []
        for scen in scens:
            verdict, fields = runs.get((solver, mode, name, scen, agents), ("missing", {}))
            if verdict != "valid":
                continue
            solved += 1
            time_key = "comp_time_initial_solution" if mode == "first" else "comp_time"
            if number(fields, time_key) is not None:
                times.append(number(fields, time_key))
            if number(fields, "soc") and number(fields, "soc_lb"):
                costs.append(number(fields, "soc") / number(fields, "soc_lb"))
        return solved, times, costs

    for mode in ("first", "anytime"):
        keys = sorted(key for key in groups if key[0] == mode)
        if not keys:
            continue
        title = ("first solutions" if mode == "first"
                 else f"anytime, the whole {limit} s (LaCAM*)")
        print(f"### {title}\n")
        header = "| map | agents | runs |"
        rule = "|---|---:|---:|"
        for solver in solvers:
            header += f" {solver} solved | {solver} ms (median) | {solver} soc / lb |"
            rule += "---:|---:|---:|"
        print(header)
        print(rule)
        for _, name, agents in keys:
            scens = sorted(groups[(mode, name, agents)])
            line = f"| {name} | {agents} | {len(scens)} |"
            for solver in solvers:
                solved, times, costs = row_figures(solver, mode, name, agents, scens)
                median = f"{statistics.median(times):.1f}" if times else "-"
                cost = f"{statistics.mean(costs):.3f}" if costs else "-"
                line += f" {solved}/{len(scens)} | {median} | {cost} |"
            print(line)
        print()
        # Overall, over every instance of this mode.
        for solver in solvers:
            total = sum(1 for key in runs if key[0] == solver and key[1] == mode)
            solved = sum(1 for key, (verdict, _) in runs.items()
                         if key[0] == solver and key[1] == mode and verdict == "valid")
            if total:
                print(f"- {solver}: {solved}/{total} solved within {limit} s "
                      f"({100.0 * solved / total:.1f} %)")
        for ours_name in (s for s in solvers if s.startswith("pathkit") and "lacam3" in solvers):
            time_ratios, ours, theirs = [], [], []
            for key, (verdict, fields) in runs.items():
                if key[0] != ours_name or key[1] != mode or verdict != "valid":
                    continue
                peer_verdict, peer = runs.get(("lacam3",) + key[1:], ("missing", {}))
                if peer_verdict != "valid":
                    continue
                if mode == "first":
                    mine = number(fields, "comp_time_initial_solution")
                    other = number(peer, "comp_time_initial_solution")
                    if mine is not None and other is not None:
                        time_ratios.append(max(mine, 1.0) / max(other, 1.0))
                ours.append(number(fields, "soc") / number(fields, "soc_lb"))
                theirs.append(number(peer, "soc") / number(peer, "soc_lb"))
            if time_ratios:
                geomean = math.exp(sum(math.log(r) for r in time_ratios) / len(time_ratios))
                print(f"- time to first solution, {ours_name} / LaCAM3, geometric mean over "
                      f"{len(time_ratios)} instances both solved: {geomean:.3f}")
            if ours:
                print(f"- sum of costs / lower bound over the {len(ours)} instances both "
                      f"solved: {ours_name} {statistics.mean(ours):.3f}, "
                      f"LaCAM3 {statistics.mean(theirs):.3f}")
        print()
    if invalid:
        print("INVALID plans (failed pathkit mapf-check):")
        for key in invalid:
            print("  ", *key)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
