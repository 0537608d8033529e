#!/usr/bin/env bash
# pathkit's jump point search beside warthog's (ShortestPathLab/warthog-jps) on every shared
# MovingAI map, in one run: ROUNDS alternating runs of each program on each whole scenario,
# the median of each program's mean time per query, and the ratios. Prints a Markdown table.
# Usage: warthog_table.sh PATHKIT WARTHOG_JPS_BINARY GRID_FOLDER ROUNDS
set -euo pipefail
pathkit="$1" warthog="$2" grid="$3" rounds="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# pathkit_mean SCEN: pathkit's mean microseconds a query (--path turns: jump points and
# corners, as warthog's path of jump points), or "mismatch" when a length is wrong.
pathkit_mean() {
  local out
  if ! out="$("$pathkit" bench --algo jps --path turns --json "$1" 2>/dev/null)"; then
    echo mismatch
    return
  fi
  sed -E 's/.*"mean_us":([0-9.e+-]+).*/\1/' <<<"$out"
}
# warthog_mean ALG SCEN: warthog's mean microseconds a query (its own timer, column nanos).
warthog_mean() {
  "$warthog" --alg "$1" --scen "$2" 2>/dev/null |
    awk 'NR > 1 { n++; total += $8 } END { if (n) printf "%.4f\n", total / n / 1000 }'
}

scenarios=("$grid"/*/*.map.scen)
for ((round = 1; round <= rounds; round++)); do
  for scen in "${scenarios[@]}"; do
    name="$(basename "$scen" .map.scen)"
    # Each round starts with another program, so none always runs first on a warm cache.
    programs=(pathkit jps2 jps2+)
    for ((turn = 0; turn < 3; turn++)); do
      program="${programs[$(((turn + round) % 3))]}"
      if [ "$program" = pathkit ]; then
        value="$(pathkit_mean "$scen")"
      else
        value="$(warthog_mean "$program" "$scen")"
      fi
      echo "$name $program $value" >>"$work/runs"
    done
  done
  echo "round $round of $rounds done" >&2
done

# The median of each program's runs per map, then one row per map and the geometric means.
awk -v rounds="$rounds" '
  function median(list,   n, values, i, j, swap) {
    n = split(list, values, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (values[j] + 0 < values[i] + 0) { swap = values[i]; values[i] = values[j]; values[j] = swap }
    return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
  }
  $3 == "mismatch" { bad[$1] = 1; next }
  { runs[$1 "," $2] = runs[$1 "," $2] " " $3; maps[$1] = 1 }
  END {
    printf "pathkit `bench --algo jps --path turns` vs warthog-jps `--alg jps2` and `--alg jps2+`:"
    printf " mean us a query, median of %d alternating runs\n\n", rounds
    print "| map | pathkit | jps2 | pathkit / jps2 | jps2+ | pathkit / jps2+ |"
    print "|---|---:|---:|---:|---:|---:|"
    count = 0
    for (map in maps) order[++count] = map
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++)
      if (order[j] < order[i]) { swap = order[i]; order[i] = order[j]; order[j] = swap }
    for (i = 1; i <= count; i++) {
      map = order[i]
      if (map in bad) { printf "| %s | length mismatch | | | | |\n", map; continue }
      ours = median(runs[map ",pathkit"]); jps2 = median(runs[map ",jps2"])
      plus = median(runs[map ",jps2+"])
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", map, ours, jps2, ours / jps2, plus,
             ours / plus
      log_jps2 += log(ours / jps2); log_plus += log(ours / plus); rows++
    }
    if (rows) printf "| geometric mean | | | %.2f | | %.2f |\n", exp(log_jps2 / rows), exp(log_plus / rows)
  }' "$work/runs"
