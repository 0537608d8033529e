#!/usr/bin/env bash
# pathkit's jump point search beside warthog's (ShortestPathLab/warthog-jps) on every shared
# MovingAI map, in one run: ROUNDS alternating runs of each program on each whole scenario,
# the median of each program's mean time per query, and the ratios. Online search (pathkit jps,
# warthog jps2) and search over jump distances computed per map (pathkit jps+, warthog jps2+)
# are compared like for like. Each program's mean leaves out the first 10 queries of a
# scenario (both programs alike): the first queries of a fresh process pay page faults for the
# code they are first to run (about 20 us for pathkit's larger program, a tenth of arena's
# mean, whose 160 queries take 1.5 expansions each), which a game pays once, not per query.
# Prints a Markdown table.
# Usage: warthog_table.sh PATHKIT WARTHOG_JPS_BINARY GRID_FOLDER ROUNDS
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
# warthog_mean ALG SCEN: warthog's mean microseconds a query (its own timer, column nanos),
# after its header line and the warm-up.
warthog_mean() {
  "$warthog" --alg "$1" --scen "$2" 2>/dev/null |
    awk -v skip="$((warm_up + 1))" 'NR > skip { n++; total += $8 } END { if (n) printf "%.4f\n", total / n / 1000 }'
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
        value="$(warthog_mean "$program" "$scen")"
      else
        value="$(pathkit_mean "$program" "$scen")"
      fi
      echo "$name $program $value" >>"$work/runs"
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
    printf "pathkit `bench --algo jps|jps+ --path turns` vs warthog-jps `--alg jps2|jps2+`:"
    printf " mean us a query, median of %d alternating runs\n\n", rounds
    print "| map | pathkit jps | jps2 | jps / jps2 | pathkit jps+ | jps2+ | jps+ / jps2+ | jps+ index build ms | index bytes/tile |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    count = 0
    for (map in maps) order[++count] = map
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++)
      if (order[j] < order[i]) { swap = order[i]; order[i] = order[j]; order[j] = swap }
    for (i = 1; i <= count; i++) {
      map = order[i]
      if (map in bad) { printf "| %s | length mismatch | | | | | | | |\n", map; continue }
      online = median(runs[map ",jps"]); jps2 = median(runs[map ",jps2"])
      offline = median(runs[map ",jps+"]); plus = median(runs[map ",jps2+"])
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f |\n", map, online, jps2,
             online / jps2, offline, plus, offline / plus, median(build[map]), bytes[map]
      log_jps2 += log(online / jps2); log_plus += log(offline / plus); rows++
    }
    if (rows) printf "| geometric mean | | | %.2f | | | %.2f | | |\n", exp(log_jps2 / rows), exp(log_plus / rows)
  }' "$work/runs"
