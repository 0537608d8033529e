#!/usr/bin/env bash
# pathkit's jump point search beside warthog's (ShortestPathLab/warthog-jps) on every shared
# MovingAI map, in one run: ROUNDS alternating runs of each program on each whole scenario,
# the median of each program's mean time per query, and the ratios. Online search (pathkit jps,
# warthog jps2) and search over jump distances computed per map (pathkit jps+, warthog jps2+)
# are compared like for like: each query timed as a whole call that returns its path (pathkit's
# `bench --path turns`, the turns of the path; warthog's `get_path`, timed by
# `warthog_queries.cpp`, its jump points). warthog's own timer, which stops before it walks its
# path back, is printed beside (the last two ratio columns). Each program's mean leaves out the
# first 10 queries of a scenario (both programs alike): the first queries of a fresh process pay
# page faults for the code they are first to run (about 20 us for pathkit's larger program, a
# tenth of arena's mean, whose 160 queries take 1.5 expansions each), which a game pays once,
# not per query. Prints a Markdown table.
# Usage: warthog_table.sh PATHKIT WARTHOG_QUERIES GRID_FOLDER ROUNDS
#   WARTHOG_QUERIES: bench/peers/warthog_queries.cpp built against the checkout.
set -euo pipefail
pathkit="$1" warthog="$2" grid="$3" rounds="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
warm_up=10

# pathkit_mean ALGO SCEN: pathkit's mean microseconds a query (--path turns: jump points and
# corners, as warthog's path of jump points), or "mismatch" when a length is wrong. For jps+,
# also appends the index's build time (ms, every map of the file) to $work/builds.
pathkit_mean() {
  local out
  if ! out="$("$pathkit" bench --algo "$1" --path turns --warm-up "$warm_up" --json "$2" 2>/dev/null)"; then
    echo mismatch
    return
  fi
  if [ "$1" = jps+ ]; then
    echo "$(basename "$2" .map.scen) $(sed -E 's/.*"index_build_ms":([0-9.e+-]+).*/\1/' <<<"$out") \
$(sed -E 's/.*"index_bytes_per_cell":([0-9.e+-]+).*/\1/' <<<"$out")" >>"$work/builds"
  fi
  sed -E 's/.*"mean_us":([0-9.e+-]+).*/\1/' <<<"$out"
}
# warthog_means ALG SCEN: warthog's mean microseconds a query, the whole call and its own timer,
# after the warm-up; "mismatch mismatch" when a cost differs from the scenario's.
warthog_means() {
  local out
  out="$("$warthog" "$1" "$2" "$warm_up" 2>/dev/null)" || { echo "mismatch mismatch"; return; }
  read -r whole own _ mismatches <<<"$out"
  if [ "$mismatches" != 0 ]; then echo "mismatch mismatch"; else echo "$whole $own"; fi
}

scenarios=("$grid"/*/*.map.scen)
for ((round = 1; round <= rounds; round++)); do
  for scen in "${scenarios[@]}"; do
    name="$(basename "$scen" .map.scen)"
    # Each round starts with another program, so none always runs first on a warm cache.
    programs=(jps jps+ jps2 jps2+)
    for ((turn = 0; turn < 4; turn++)); do
      program="${programs[$(((turn + round) % 4))]}"
      if [[ "$program" == jps2* ]]; then
        read -r whole own <<<"$(warthog_means "$program" "$scen")"
        echo "$name $program $whole" >>"$work/runs"
        echo "$name $program-own $own" >>"$work/runs"
      else
        echo "$name $program $(pathkit_mean "$program" "$scen")" >>"$work/runs"
      fi
    done
  done
  echo "round $round of $rounds done" >&2
done

# The median of each program's runs per map, then one row per map and the geometric means.
awk -v rounds="$rounds" -v builds="$work/builds" "$(<"$(dirname "$0")/median.awk")"'
  $3 == "mismatch" { bad[$1] = 1; next }
  { runs[$1 "," $2] = runs[$1 "," $2] " " $3; maps[$1] = 1 }
  END {
    while ((getline line < builds) > 0) {
      split(line, field, " "); build[field[1]] = build[field[1]] " " field[2]; bytes[field[1]] = field[3]
    }
    printf "pathkit `bench --algo jps|jps+ --path turns` vs warthog-jps jps2|jps2+ (`get_path`):"
    printf " mean us a query, each a whole call returning its path, median of %d alternating", rounds
    printf " runs; the last two columns divide by warthog'"'"'s own timer instead\n\n"
    print "| map | pathkit jps | jps2 | jps / jps2 | pathkit jps+ | jps2+ | jps+ / jps2+ | jps+ index build ms | index bytes/tile | jps / jps2 (own timer) | jps+ / jps2+ (own timer) |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    count = 0
    for (map in maps) order[++count] = map
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++)
      if (order[j] < order[i]) { swap = order[i]; order[i] = order[j]; order[j] = swap }
    for (i = 1; i <= count; i++) {
      map = order[i]
      if (map in bad) { printf "| %s | length mismatch | | | | | | | | | |\n", map; continue }
      online = median(runs[map ",jps"]); jps2 = median(runs[map ",jps2"])
      offline = median(runs[map ",jps+"]); plus = median(runs[map ",jps2+"])
      jps2_own = median(runs[map ",jps2-own"]); plus_own = median(runs[map ",jps2+-own"])
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %.2f | %.2f |\n", map,
             online, jps2, online / jps2, offline, plus, offline / plus, median(build[map]),
             bytes[map], online / jps2_own, offline / plus_own
      log_jps2 += log(online / jps2); log_plus += log(offline / plus); rows++
      log_jps2_own += log(online / jps2_own); log_plus_own += log(offline / plus_own)
    }
    if (rows) printf "| geometric mean | | | %.2f | | | %.2f | | | %.2f | %.2f |\n", exp(log_jps2 / rows),
                     exp(log_plus / rows), exp(log_jps2_own / rows), exp(log_plus_own / rows)
  }' "$work/runs"
