#!/usr/bin/env bash
# pathkit's jps+ with goal bounds beside plain jps+ and warthog-jps's jps2+ on the game maps, in
# one run: ROUNDS alternating runs of each program on each whole scenario, the median of each
# program's mean time per query, the ratios, and the bounds' build time and size. The bounds
# are built (or resumed) first with `pathkit index` into BOUNDS_DIR, outside the clock. Every
# query is timed as a whole call that returns its path (warthog's `get_path` by
# `warthog_queries.cpp`; see warthog_table.sh).
# Prints a Markdown table. With BASELINE (another pathkit binary, e.g. main's) and its
# BASELINE_BOUNDS_DIR (bounds it built), its jps+ with goal bounds runs in the same rounds too,
# in a column of its own (its bounds must exist already).
# Usage: goal_bounds_table.sh PATHKIT WARTHOG_QUERIES GRID_FOLDER BOUNDS_DIR ROUNDS
#                             [BASELINE BASELINE_BOUNDS_DIR]
set -euo pipefail
pathkit="$1" warthog="$2" grid="$3" bounds="$4" rounds="$5"
baseline="${6:-}" baseline_bounds="${7:-}"
maps=(dao/den520d bg512/AR0011SR sc1/Aftershock dao/lak303d cities/Berlin_0_256 da2/ht_chantry)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$bounds"

for map in "${maps[@]}"; do
  name="$(basename "$map")"
  if [ ! -f "$bounds/$name.json" ]; then
    echo "building goal bounds of $name (resumed if stopped before)" >&2
    "$pathkit" index "$grid/$map.map" --out "$bounds/$name.pkx" --json >"$bounds/$name.json.part"
    mv "$bounds/$name.json.part" "$bounds/$name.json"
  fi
done

# mean_us PATHKIT ARGS...: pathkit bench's mean microseconds a query, or "mismatch".
mean_us() {
  local out program="$1"
  shift
  if ! out="$("$program" bench --path turns --json "$@" 2>/dev/null)"; then
    echo mismatch
    return
  fi
  sed -E 's/.*"mean_us":([0-9.e+-]+).*/\1/' <<<"$out"
}
# warthog_mean SCEN: warthog jps2+'s mean microseconds a query (the whole call), or "mismatch".
warthog_mean() {
  local whole mismatches
  read -r whole _ _ mismatches <<<"$("$warthog" jps2+ "$1" 0 2>/dev/null || echo "mismatch x x 1")"
  if [ "$mismatches" != 0 ]; then echo mismatch; else echo "$whole"; fi
}

for ((round = 1; round <= rounds; round++)); do
  for map in "${maps[@]}"; do
    name="$(basename "$map")" scen="$grid/$map.map.scen"
    programs=(bounds jps+ jps2+)
    [ -n "$baseline" ] && programs+=(baseline)
    for ((turn = 0; turn < ${#programs[@]}; turn++)); do
      program="${programs[$(((turn + round) % ${#programs[@]}))]}"
      case "$program" in
        bounds) value="$(mean_us "$pathkit" --index "$bounds/$name.pkx" "$scen")" ;;
        jps+) value="$(mean_us "$pathkit" --algo jps+ "$scen")" ;;
        jps2+) value="$(warthog_mean "$scen")" ;;
        baseline) value="$(mean_us "$baseline" --index "$baseline_bounds/$name.pkx" "$scen")" ;;
      esac
      echo "$name $program $value" >>"$work/runs"
    done
  done
  echo "round $round of $rounds done" >&2
done

for map in "${maps[@]}"; do
  name="$(basename "$map")"
  cpu="$(grep -o '"build_cpu_seconds":[0-9.e+-]*' "$bounds/$name.json" | cut -d: -f2)"
  echo "$name $(sed -E 's/.*"build_seconds":([0-9.e+-]+).*/\1/' "$bounds/$name.json") \
$(sed -E 's/.*"threads":([0-9]+).*/\1/' "$bounds/$name.json") \
$(sed -E 's/.*"bytes_per_tile":([0-9.e+-]+).*/\1/' "$bounds/$name.json") ${cpu:-nan}" >>"$work/builds"
done

awk -v rounds="$rounds" -v builds="$work/builds" -v baseline="$baseline" "$(<"$(dirname "$0")/median.awk")"'
  $3 == "mismatch" { bad[$1] = 1; next }
  { runs[$1 "," $2] = runs[$1 "," $2] " " $3; if (!($1 in seen)) { seen[$1] = 1; order[++count] = $1 } }
  END {
    while ((getline line < builds) > 0) {
      split(line, field, " "); seconds[field[1]] = field[2]; threads[field[1]] = field[3]
      bytes[field[1]] = field[4]; cpu[field[1]] = field[5]
    }
    printf "pathkit `bench --index MAP.pkx --path turns` (jps+ with goal bounds) and `--algo jps+`"
    printf " vs warthog-jps jps2+ (`get_path`): mean us a query, each a whole call returning its path,"
    printf " median of %d alternating runs\n\n", rounds
    if (baseline != "") {
      printf "Baseline: %s with its own bounds, in the same rounds.\n\n", baseline
      print "| map | baseline: jps+ with goal bounds | baseline / jps2+ |"
      print "|---|---:|---:|"
      for (i = 1; i <= count; i++) {
        map = order[i]
        if (map in bad) { printf "| %s | length mismatch | |\n", map; continue }
        before = median(runs[map ",baseline"]); plus = median(runs[map ",jps2+"])
        printf "| %s | %.2f | %.2f |\n", map, before, before / plus
        log_before += log(before / plus); before_rows++
      }
      if (before_rows) printf "| geometric mean | | %.2f |\n", exp(log_before / before_rows)
      print ""
    }
    print "| map | jps+ with goal bounds | pathkit jps+ | jps2+ | bounds / jps2+ | jps+ / jps2+ | bounds build s, wall (threads) / CPU | bounds bytes/tile |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= count; i++) {
      map = order[i]
      if (map in bad) { printf "| %s | length mismatch | | | | | | |\n", map; continue }
      bounded = median(runs[map ",bounds"]); plain = median(runs[map ",jps+"]); plus = median(runs[map ",jps2+"])
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f (%d) / %s | %.0f |\n", map, bounded, plain, plus,
             bounded / plus, plain / plus, seconds[map], threads[map], cpu[map], bytes[map]
      log_bounds += log(bounded / plus); log_plain += log(plain / plus); rows++
    }
    if (rows) printf "| geometric mean | | | | %.2f | %.2f | | |\n", exp(log_bounds / rows), exp(log_plain / rows)
  }' "$work/runs"
