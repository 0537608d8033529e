#!/usr/bin/env bash
# The `pathkit` tool against files a hostile user would write: every case must end within its
# time with the exit code and message given, never a crash, a sanitizer report or a
# half-written output. Usage: hostile_inputs.sh PATHKIT DATA_FOLDER
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/report.sh"
pathkit="$(realpath "$1")" data="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# expect CODE REGEX COMMAND...: runs pathkit COMMAND... (30 s at most) and checks both.
expect() {
  local code="$1" pattern="$2"
  shift 2
  local output status
  output="$(timeout 30 "$pathkit" "$@" 2>&1 </dev/null)"
  status=$?
  if [ "$status" -ne "$code" ] || ! grep -Eq -- "$pattern" <<<"$output" ||
    grep -Eq "terminate called|Sanitizer|runtime error|Segmentation" <<<"$output"; then
    fail "pathkit $* -> exit $status, expected $code and /$pattern/" "$output"
  else
    echo "ok: pathkit ${1:-} ... -> $status"
  fi
}
# expect_within KILOBYTES CODE REGEX COMMAND...: as expect, under an address-space limit.
expect_within() {
  local limit="$1"
  shift
  local saved="$pathkit"
  pathkit="$work/limited"
  printf '#!/usr/bin/env bash\nulimit -v %s\nexec "%s" "$@"\n' "$limit" "$saved" >"$pathkit"
  chmod +x "$pathkit"
  expect "$@"
  pathkit="$saved"
}
# absent FILE...: none of these files may exist (outputs are all or nothing).
absent() {
  for file in "$@"; do
    if [ -e "$file" ]; then
      echo "FAILED: $file was left behind"
      failures=$((failures + 1))
    fi
  done
}
repeat() { # repeat N TEXT: TEXT N times
  local out="" i
  for ((i = 0; i < $1; i++)); do out+="$2"; done
  printf '%s' "$out"
}

# ---- text that is not UTF-8 reaching JSON, SVG and HTML output -------------------------------
printf 'node caf\xe9\nnode b\nedge caf\xe9 -> b 2\n' >latin1.graph
expect 0 '"path":\[' graph latin1.graph --from $'caf\xe9' --to b --json
printf '<world><map id="0" name="gr\xfcn" width="4" height="3"/>\n<npc name="Z\xe9lda" map="0" x="0" y="0"><appointment time="00:30" map="0" x="3" y="2"/></npc></world>\n' >latin1.xml
expect 0 '"name":"Z' world latin1.xml --json --until 01:00 --html latin1.html
cp "$data/scene_with_invalid_query.json" $'named\xff.json'
expect 2 '"queries"' scene $'named\xff.json' --json
printf 'type octile\nheight 1\nwidth 3\nmap\n...\n' >'x<y>&z.map'
expect 0 'status: found' path 'x<y>&z.map' --from 0,0 --to 2,0 --svg title.svg
grep -q '<title>x&lt;y&gt;&amp;z.map</title>' title.svg || {
  echo "FAILED: the SVG title is not escaped"
  failures=$((failures + 1))
}

# ---- numbers out of range, wrong types, deep nesting ---------------------------------------
echo '{"bounds": [[0, 0], [1e400, 10]], "obstacles": []}' >huge.json
expect 2 'huge.json: .*(overflow|range)' scene huge.json
echo '{"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0]}], "max_ticks": 1e400}' >huge_crowd.json
expect 2 'huge_crowd.json' crowd huge_crowd.json
{ printf '{"bounds": [[0, 0], '; repeat 100000 '['; repeat 100000 ']'; printf '], "obstacles": []}'; } >deep.json
expect 2 'deep.json:1:[0-9]+: values nested deeper than 64' scene deep.json
echo '{"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0], "state": 5}]}' >state.json
expect 2 'state.json: /units/0/state: expected a string, got 5' crowd state.json
echo '{"map": {"rows": [".."]}, "units": [{"id": 4294967297, "at": [0, 0]}]}' >id.json
expect 2 '/units/0/id: 4294967297 is outside 0..2147483646' crowd id.json
# Unit sizes: 1 to 3 whole tiles, the footprint inside the map and walkable.
echo '{"map": {"rows": ["...", "..."]}, "units": [{"id": 1, "at": [0, 0], "size": 4}]}' >size4.json
expect 2 'size4.json: /units/0/size: 4 is outside 1..3' crowd size4.json
echo '{"map": {"rows": ["...", "..."]}, "units": [{"id": 1, "at": [0, 0], "size": 0}]}' >size0.json
expect 2 'size0.json: /units/0/size: 0 is outside 1..3' crowd size0.json
echo '{"map": {"rows": ["...", "..."]}, "units": [{"id": 1, "at": [0, 0], "size": 1.5}]}' >size_half.json
expect 2 'size_half.json: /units/0/size' crowd size_half.json
echo '{"map": {"rows": ["...", ".@."]}, "units": [{"id": 1, "at": [0, 0], "size": 2}]}' >size_wall.json
expect 2 'size_wall.json: /units/0/size: a unit of size 2 at 0,0 covers 1,1, outside the map or blocked' crowd size_wall.json
echo '{"map": {"rows": ["...", "..."]}, "units": [{"id": 1, "at": [0, 0], "size": 2}, {"id": 2, "at": [2, 1]}], "commands": [{"tick": 0, "units": [1, 2], "to": [1, 0], "coordinated": true}]}' >size_coordinated.json
expect 2 'size_coordinated.json.*coordinated moves plan one-tile units only' crowd size_coordinated.json
# Changes of a crowd's map: tiles outside it, ticks it never reaches, a tile named twice a tick.
crowd_with() { # crowd_with FILE CHANGES: a two-unit crowd on a 4 x 2 map with those changes
  printf '{"map": {"rows": ["....", "...."]}, "units": [{"id": 1, "at": [0, 0]}], "commands": [{"tick": 0, "units": [1], "to": [3, 1]}], "max_ticks": 100, "changes": %s}\n' "$2" >"$1"
}
crowd_with far_tile.json '[{"tick": 1, "block": [[1, 1], [4, 0]]}]'
expect 2 'far_tile.json: /changes/0/block/1: 4,0 is outside the map' crowd far_tile.json
crowd_with past_end.json '[{"tick": 100, "open": [[1, 1]]}]'
expect 2 'past_end.json: /changes/0/tick: 100 is not before max_ticks \(100\)' crowd past_end.json
crowd_with negative_tick.json '[{"tick": -1, "block": [[1, 1]]}]'
expect 2 'negative_tick.json: /changes/0/tick: -1 is outside 0..1000000000' crowd negative_tick.json
crowd_with twice.json '[{"tick": 2, "block": [[1, 1]]}, {"tick": 2, "open": [[2, 0], [1, 1]]}]'
expect 2 'twice.json: /changes/1/open/1: 1,1 is changed at tick 2 already \(/changes/0/block/0\)' crowd twice.json
crowd_with both.json '[{"tick": 2, "block": [[1, 1]], "open": [[2, 1]]}]'
expect 2 'both.json: /changes/0: expected \{"tick": t, "block"' crowd both.json
crowd_with empty.json '[{"tick": 2, "block": []}]'
expect 2 'empty.json: /changes/0/block: names no tile' crowd empty.json
crowd_with fraction.json '[{"tick": 2.5, "block": [[1, 1]]}]'
expect 2 'fraction.json: /changes/0/tick' crowd fraction.json
crowd_with under_unit.json '[{"tick": 0, "block": [[0, 0], [1, 0], [0, 1], [1, 1]]}, {"tick": 5, "open": [[1, 1]]}]'
expect 0 '"displaced":\[1\]' crowd under_unit.json --json
echo '{"width": 4294967300, "height": 2, "tilewidth": 32, "tileheight": 32, "layers": []}' >wide.tmj
printf '<world><map id="0"><tiled file="wide.tmj"/></map></world>\n' >wide.xml
expect 2 'wide.tmj: /width: 4294967300 is outside 1..16384' world wide.xml
printf '<map width="2" height="1" tilewidth="8" tileheight="8"><layer name="solid"><data encoding="csv">1abc,0</data></layer></map>\n' >csv.tmx
printf '<world><map id="0"><tiled file="csv.tmx"/></map></world>\n' >csv.xml
expect 2 'csv.tmx:1: <data>: tile 0: "1abc" is not a tile number' world csv.xml
printf '<world><map id="abc" width="2" height="2"/></world>\n' >id.xml
expect 2 'id.xml:1: <map>: id="abc" is not a whole number' world id.xml
printf '<world><map id="0" width="2" height="2" cell_size="1e30"/></world>\n' >cell.xml
expect 2 'cell_size="1e30" is not a number in' world cell.xml
printf '<world><map id="0" width="2" height="2"/><npc name="a" map="0" x="0" y="0" speed="3e38"/></world>\n' >speed.xml
expect 2 'speed="3e38"' world speed.xml
printf 'node a\nnode b\nnode c\nedge a -> b 3e38\nedge b -> c 3e38\n' >overflow.graph
expect 2 "cost overflows" graph overflow.graph --from a --to c

# Whole-number options: no wrap-around from a minus sign, nothing past 64 bits, no octal.
expect 2 'seed: cannot be negative: -1' mapf --map "$data/tiny.map" --scen "$data/tiny.map.scen" --agents 1 --seed -1
expect 2 'budget: cannot be negative: -1' path "$data/tiny.map" --from 0,0 --to 3,2 --budget -1
expect 2 'budget: too large a number: 99999999999999999999' path "$data/tiny.map" --from 0,0 --to 3,2 --budget 99999999999999999999
expect 2 'memory-limit: not a whole decimal number: 1e3' path "$data/tiny.map" --from 0,0 --to 3,2 --memory-limit 1e3
expect 0 'status: found' path "$data/tiny.map" --from 0,0 --to 3,2 --budget 010

# Worlds whose NPCs could walk for hours, or whose pictures would not fit in memory.
/usr/bin/python3 - <<'PY'
for name, ticks in (("crowded_day.xml", 3600), ("pictured_day.xml", 12)):
    with open(name, "w") as out:
        out.write(f'<world ticks_per_minute="{ticks}"><map id="0" width="200" height="200"/>\n')
        for i in range(2000):
            out.write(f'<npc name="n{i}" map="0" x="{i % 200}" y="{i // 200}" speed="0.0011">'
                      f'<appointment time="00:01" map="0" x="{199 - i % 200}" y="199"/></npc>\n')
        out.write("</world>\n")
PY
expect 2 'crowded_day.xml: 2000 NPCs over 1439 game minutes at 3600 ticks a minute may take 1.04e\+10 NPC-ticks, over the limit of 4e\+09' world crowded_day.xml
expect 2 'pictured_day.xml: pictures of 2000 NPCs at a frame a game minute would need 439 MiB, over the memory budget of 64.0 MiB' world pictured_day.xml --html day.html --memory-limit 64
absent day.html

# ---- flow fields and hierarchies: goals off the map or walled in, bad clusters -----------------
expect 2 'tiny.map: goal 9,9 is outside the map' flow "$data/tiny.map" --to 9,9
expect 2 'tiny.map: goal 1,1 is blocked' flow "$data/tiny.map" --to 1,1
expect 2 '--to takes X,Y' flow "$data/tiny.map" --to x,1
expect 2 '--arrow-spacing' flow "$data/tiny.map" --to 0,0 --arrow-spacing 0
printf 'type octile\nheight 3\nwidth 5\nmap\n.....\n@@@@@\n.....\n' >cut.map
expect 1 'status: no way to the goal' flow cut.map --to 0,0 --from 0,2
expect 1 'status: no_path' path cut.map --from 0,0 --to 0,2 --algo hpa
expect 2 'goal 0,1 is blocked' path cut.map --from 0,0 --to 0,1 --algo hpa-optimal
expect 2 '--cluster-side: 12 not in' path "$data/tiny.map" --from 0,0 --to 3,2 --algo hpa --cluster-side 12
expect 2 '--algo hpa takes no --weight, --budget or --partial' bench "$data/tiny.map.scen" --algo hpa --budget 5

# ---- goal bounds: damaged, cut, forged or foreign files; outputs that cannot be written -------
expect 0 'complete: true' index "$data/tiny.map" --out tiny.pkx
expect 0 'method: jps\+ with goal bounds' path "$data/tiny.map" --from 4,0 --to 0,2 --index tiny.pkx
expect 0 '^mismatches: 0$' bench "$data/tiny.map.scen" --index tiny.pkx --path turns
expect 0 'complete: true' index "$data/tiny.map" --out tiny.pkx
head -c 100 tiny.pkx >cut.pkx
expect 2 'cut.pkx: byte 100: the file has 100 bytes.*cut short' path "$data/tiny.map" --from 0,0 --to 4,2 --index cut.pkx
cp tiny.pkx flipped.pkx && printf '\x07' | dd of=flipped.pkx bs=1 seek=60 conv=notrunc status=none
expect 2 'flipped.pkx: byte 1008: the checksum does not match' bench "$data/tiny.map.scen" --index flipped.pkx
expect 2 'not a pathkit goal-bounds file' path "$data/tiny.map" --from 0,0 --to 4,2 --index "$data/tiny.map"
expect 2 'tiny.pkx: the goal bounds were built under other movement rules' path "$data/tiny.map" --from 0,0 --to 4,2 --index tiny.pkx --diagonal always
printf 'type octile\nheight 3\nwidth 5\nmap\n.....\n.@...\nG.S.W\n' >other.map
expect 2 'tiny.pkx: the goal bounds were built for another map' path other.map --from 0,0 --to 4,0 --index tiny.pkx
expect 2 '--index runs jps\+ with goal bounds; leave out --algo jps' path "$data/tiny.map" --from 0,0 --to 4,2 --index tiny.pkx --algo jps
expect 2 '/dev/null: cannot read a device' path "$data/tiny.map" --from 0,0 --to 4,2 --index /dev/null
expect 2 'tiny.pkx: .*remove it or choose another --out' index other.map --out tiny.pkx
printf 'not bounds' >notes.txt
expect 2 'notes.txt.*remove it or choose another file' index "$data/tiny.map" --out notes.txt
expect 2 '/dev/full' index "$data/tiny.map" --out /dev/full
awk 'BEGIN { print "type octile\nheight 2048\nwidth 2048\nmap"; row = sprintf("%2048s", ""); gsub(/ /, ".", row); for (y = 0; y < 2048; y++) print row }' >wide.map
expect 2 'wide.map: goal bounds need .* over the memory budget of 64.0 MiB' index wide.map --out wide.pkx --memory-limit 64
absent wide.pkx
expect 2 'wide.map: a search over its 2048 x 2048 tiles may hold 112 MiB, over the memory budget of 64.0 MiB' path wide.map --from 0,0 --to 5,5 --memory-limit 64
printf 'version 1\n0\twide.map\t2048\t2048\t0\t0\t5\t5\t7.07106781\n' >wide.scen
expect 2 'wide.map: a search over its 2048 x 2048 tiles may hold 176 MiB with the jump point index, over the memory budget of 128 MiB' bench wide.scen --algo jps+ --memory-limit 128

# ---- inputs that used to hang ----------------------------------------------------------------
printf '<world ticks_per_minute="2147483647"><map id="0" width="2" height="2"/></world>\n' >ticks.xml
expect 2 'ticks_per_minute="2147483647" is not a whole number in 1..3600' world ticks.xml
printf '<world ticks_per_minute="3600"><map id="0" width="9" height="1"/><npc name="a" map="0" x="0" y="0"><appointment time="23:00" map="0" x="8" y="0"/></npc></world>\n' >idle.xml
expect 0 'arrive' world idle.xml
echo '{"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0]}], "commands": [{"tick": 4611686018427387904, "units": [1], "to": [1, 0]}]}' >late_command.json
expect 2 '/commands/0/tick: 4611686018427387904 is outside 0..1000000000' crowd late_command.json
echo '{"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0]}], "max_ticks": 1000000000, "commands": [{"tick": 999999990, "units": [1], "to": [1, 0]}]}' >far_command.json
expect 0 'id: 1, .*arrived_tick: 99999999' crowd far_command.json
expect 2 'trace would hold more than' crowd far_command.json --trace far.trace.json
absent far.trace.json
{
  printf '{"bounds": [[0, 0], [10000, 10000]], "obstacles": [{"polygon": ['
  awk 'BEGIN { n = 10000; for (i = 0; i < n; i++) { a = 6.283185307 * i / n; r = (i % 2) ? 4000 : 3990;
        printf "%s[%.3f, %.3f]", (i ? ", " : ""), 5000 + r * cos(a), 5000 + r * sin(a) } }'
  printf ']}], "queries": [{"from": [100, 100], "to": [9900, 9900]}]}'
} >star.json
expect 0 'query: 0, status: found' scene star.json --mode navmesh
{
  printf '{"bounds": [[0, 0], [2000, 2000]], "buffer_radius": 1, "obstacles": ['
  awk 'BEGIN { k = 0; for (y = 0; y < 49; y++) for (x = 0; x < 49; x++) {
        x0 = 20 + x * 40; y0 = 20 + y * 40;
        printf "%s{\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", (k++ ? ", " : ""),
               x0, y0, x0 + 10, y0, x0 + 10, y0 + 10, x0, y0 + 10 } }'
  printf '], "queries": [{"from": [5, 5], "to": [1995, 1995]}]}'
} >squares.json
expect 0 'query: 0, status: found' scene squares.json --mode navmesh
{
  printf '{"bounds": [[0, 0], [100, 100]], "obstacles": [{"polygon": ['
  awk 'BEGIN { for (i = 0; i < 60000; i++) printf "%s[%d, %d]", (i ? ", " : ""), i % 100, (i * 7) % 100 }'
  printf ']}]}'
} >huge_polygon.json
expect 2 'huge_polygon.json: /obstacles/0/polygon: has 60000 values, over the limit of 10000' scene huge_polygon.json --mode navmesh
{
  printf '{"bounds": [[0, 0], [10000, 10000]], "obstacles": ['
  awk 'BEGIN { for (k = 0; k < 3; k++) { printf "%s{\"polygon\": [", (k ? ", " : "");
        for (i = 0; i < 9000; i++) { a = 6.283185307 * i / 9000; r = (i % 2) ? 1400 : 1390;
          printf "%s[%.3f, %.3f]", (i ? ", " : ""), 1600 + 3200 * k + r * cos(a), 5000 + r * sin(a) }
        printf "]}" } }'
  printf ']}'
} >stars.json
expect 2 '27000 obstacle corners are more than --mode visibility takes' scene stars.json
/usr/bin/env awk 'BEGIN {
  printf "{\"map\": {\"rows\": ["; for (y = 0; y < 60; y++) printf "%s\"%s\"", (y ? ", " : ""), sprintf("%60s", "");
  printf "]}, \"units\": ["; for (i = 0; i < 3600; i++) printf "%s{\"id\": %d, \"at\": [%d, %d]}", (i ? ", " : ""), i + 1, i % 60, int(i / 60);
  printf "], \"commands\": ["; for (i = 0; i < 3600; i++) printf "%s{\"units\": [%d], \"to\": [%d, %d]}", (i ? ", " : ""), i + 1, 59 - i % 60, 59 - int(i / 60);
  printf "], \"max_ticks\": 500}\n" }' | sed 's/"                                                            "/"............................................................"/g' >packed.json
expect 1 'stopped at max_ticks after 500 ticks' crowd packed.json
echo '{"bounds": [[0, 0], [50, 50]], "obstacles": [{"polygon": [[-900000, -900000], [900000, -900000], [900000, 20]]}], "queries": []}' >wide_obstacle.json
expect 0 'wrote wide_obstacle.png' scene wide_obstacle.json --png wide_obstacle.png --png-scale 8
{
  printf '{"width": 8192, "height": 8192, "tilewidth": 16, "tileheight": 16, "layers": [{"type": "objectgroup", "name": "solid", "objects": ['
  awk 'BEGIN { for (i = 0; i < 200; i++) printf "%s{\"x\": %d, \"y\": %d, \"width\": 6000, \"height\": 6000}", (i ? ", " : ""), i * 600, i * 300 }'
  printf ']}]}'
} >big.tmj
printf '<world><map id="0"><tiled file="big.tmj"/></map></world>\n' >big.xml
expect 0 '' world big.xml --until 00:01
echo '{"width": 16384, "height": 16384, "tilewidth": 16, "tileheight": 16, "layers": []}' >huge.tmj
printf '<world><map id="0"><tiled file="huge.tmj"/></map></world>\n' >huge.xml
expect 2 '268435456 tiles, over the limit of 67108864' world huge.xml

{
  printf '{"bounds": [[0, 0], [2000, 2000]], "buffer_radius": 1, "obstacles": ['
  awk 'BEGIN { k = 0; for (y = 0; y < 100; y++) for (x = 0; x < 100; x++) {
        x0 = 2 + x * 20; y0 = 2 + y * 20;
        printf "%s{\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", (k++ ? ", " : ""),
               x0, y0, x0 + 5, y0, x0 + 5, y0 + 5, x0, y0 + 5 } }'
  printf '], "queries": ['
  awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%s{\"from\": [1, 1], \"to\": [%d, 1999]}", (i ? ", " : ""), 1 + i % 1998 }'
  printf ']}'
} >many_queries.json
expect 2 'many_queries.json: 100000 queries x 40000 obstacle corners = 4000000000, over the limit of 500000000 for --mode navmesh' scene many_queries.json --mode navmesh
# A thousand teleporters from one corner to the other: each query would search them all.
{
  printf '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "links": ['
  awk 'BEGIN { for (i = 0; i < 1000; i++) printf "%s{\"from\": [1, 1], \"to\": [19, %d], \"cost\": 0}", (i ? ", " : ""), 2 + i % 17 }'
  printf '], "queries": ['
  awk 'BEGIN { for (i = 0; i < 20; i++) printf "%s{\"from\": [2, 2], \"to\": [18, 3]}", (i ? ", " : "") }'
  printf ']}'
} >many_teleporters.json
expect 2 'many_teleporters.json: 20 queries x \(0 obstacle corners \+ 32000000 for links cheaper than walking\)' scene many_teleporters.json --mode navmesh
expect 2 'many_teleporters.json: 20 queries x \(2000 obstacle corners and link ends \+ 32000000 for links cheaper than walking\)' scene many_teleporters.json --mode visibility
# The visibility graph crosses links too, and refuses an end in a wall or outside the bounds.
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}], "links": [{"from": [15, 12], "to": [15, 10]}], "queries": []}' >link_in_wall.json
expect 2 'link_in_wall.json: /links/0: link end 15,10 is inside obstacle 0' scene link_in_wall.json --mode visibility
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "links": [{"from": [15, 12], "to": [15, -1]}], "queries": []}' >link_outside.json
expect 2 'link_outside.json: /links/0: link end 15,-1 is outside the scene bounds' scene link_outside.json --mode visibility
# Areas and filters: a self-intersecting area, a filter naming a type no area has, a cost
# below 1, a filter the visibility graph cannot answer, a start on excluded ground.
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "areas": [{"outline": [[1, 1], [5, 5], [5, 1], [1, 5]], "type": 2}]}' >bow_tie_area.json
expect 2 'bow_tie_area.json: /areas/0: area outline: polygon is self-intersecting' scene bow_tie_area.json --mode navmesh
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "areas": [{"outline": [[1, 1], [5, 1], [5, 5], [1, 5]], "type": 2}], "queries": [{"from": [0, 0], "to": [9, 9], "filter": {"exclude": [7]}}]}' >unknown_type.json
expect 2 'unknown_type.json: /queries/0/filter/exclude/0: type 7 is not the type of any area here' scene unknown_type.json --mode navmesh
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "areas": [{"outline": [[1, 1], [5, 1], [5, 5], [1, 5]], "type": 2}], "queries": [{"from": [0, 0], "to": [9, 9], "filter": {"costs": {"2": 0.5}}}]}' >cheap_water.json
expect 2 'cheap_water.json: /queries/0/filter/costs/2' scene cheap_water.json --mode navmesh
expect 2 'unknown_type.json: /queries/0/filter/exclude/0' scene unknown_type.json
echo '{"bounds": [[0, 0], [20, 20]], "obstacles": [], "areas": [{"outline": [[1, 1], [5, 1], [5, 5], [1, 5]], "type": 2}], "queries": [{"from": [2, 2], "to": [9, 9], "filter": {"exclude": [2]}}]}' >start_excluded.json
expect 2 'which the filter excludes' scene start_excluded.json --mode navmesh
expect 2 'start_excluded.json: /queries/0/filter: the visibility graph knows no areas' scene start_excluded.json
{
  printf '{"bounds": [[0, 0], [1000, 1000]], "obstacles": ['
  awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%s{\"circle\": {\"center\": [%d, %d], \"radius\": 1}}", (i ? ", " : ""), 3 + 5 * (i % 190), 3 + 5 * int(i / 190) }'
  printf '], "queries": [{"from": [0, 0], "to": [999, 999]}]}'
} >many_circles.json
expect 2 'many_circles.json: the navigation mesh of 320000 obstacle corners needs about 195 MiB, over the memory budget of 64.0 MiB' scene many_circles.json --mode navmesh --memory-limit 64
expect 2 'squares.json: the visibility graph \(every pair of 9604 obstacle corners connected\) needs about 710 MiB, over the memory budget of 256 MiB' --memory-limit 256 scene squares.json
# A start near the origin beside corners far away: Polyanya once lost a turn to rounding (552.541).
echo '{"bounds": [[0, 0], [500, 500]], "buffer_radius": 2, "obstacles": [{"polygon": [[267.353, 114.79], [242.088, 118.708], [236.417, 92.197], [255.889, 85.949]]}, {"polygon": [[280.269, 198.345], [274.111, 207.302], [262.311, 204.76], [243.223, 214.885], [251.416, 194.156], [254.592, 178.912], [266.692, 185.957], [275.869, 183.504]]}, {"circle": {"center": [115.87, 163.2], "radius": 14.42}}, {"circle": {"center": [274.41, 164.23], "radius": 17.17}}, {"circle": {"center": [252.4, 240.18], "radius": 29.81}}, {"circle": {"center": [284.82, 128.94], "radius": 26.64}}, {"circle": {"center": [144.24, 160.76], "radius": 11.85}}], "queries": [{"from": [18.677503338614343, 8.340659264974848], "to": [436.9232566052638, 318.70153347862026]}]}' >far_start.json
expect 0 'query: 0, status: found, length: 547.319' scene far_start.json --mode navmesh
expect 0 'query: 0, status: found, length: 547.319' scene far_start.json
# Squares touching at a corner are a wall in every mode; a checkerboard's inner cell is closed.
echo '{"bounds": [[-10, -10], [20, 20]], "obstacles": [{"polygon": [[0, 0], [2, 0], [2, 2], [0, 2]]}, {"polygon": [[2, 2], [4, 2], [4, 4], [2, 4]]}], "queries": [{"from": [0, 4], "to": [4, 0]}]}' >touching.json
expect 0 'query: 0, status: found, length: 8,' scene touching.json
expect 0 'query: 0, status: found, length: 8,' scene touching.json --mode navmesh
expect 0 'query: 0, status: found, length: 8,' scene touching.json --mode navmesh --navmesh-query funnel --mesh-nodes vertices
{
  printf '{"bounds": [[-10, -10], [20, 20]], "obstacles": ['
  awk 'BEGIN { k = 0; for (x = 0; x < 4; x++) for (y = 0; y < 4; y++) if ((x + y) % 2 == 0)
        printf "%s{\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", (k++ ? ", " : ""),
               2 * x, 2 * y, 2 * x + 2, 2 * y, 2 * x + 2, 2 * y + 2, 2 * x, 2 * y + 2 }'
  printf '], "queries": [{"from": [5, 3], "to": [-5, -5]}]}'
} >checkerboard.json
expect 1 'query: 0, status: no_path' scene checkerboard.json
expect 1 'query: 0, status: no_path' scene checkerboard.json --mode navmesh
expect 1 'query: 0, status: no_path' scene checkerboard.json --mode navmesh --navmesh-query funnel --mesh-nodes vertices,centers
# Radius classes and query radii: a gap 2.6 wide that agents up to radius 1 take and one of 1.2
# (on class 1.5) goes round, the same length in both modes; bad radii name their place; each
# radius asked is one more visibility graph, counted in its corner limit.
gap='"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5, "obstacles": [{"polygon": [[0, 9], [9, 9], [9, 11], [0, 11]]}, {"polygon": [[11.6, 9], [16, 9], [16, 11], [11.6, 11]]}]'
echo "{$gap, \"radius_classes\": [1.5, 1], \"queries\": [{\"from\": [10.3, 3], \"to\": [10.3, 17]}, {\"from\": [10.3, 3], \"to\": [10.3, 17], \"radius\": 1.2}]}" >sized_queries.json
expect 0 'query: 0, status: found, length: 14, .*radius: 0.5, radius_class: 0.5' scene sized_queries.json --mode navmesh
expect 0 'query: 1, status: found, length: 21.981, .*radius: 1.2, radius_class: 1.5' scene sized_queries.json --mode navmesh
expect 0 'query: 1, status: found, length: 21.981, .*radius: 1.2, radius_class: 1.5' scene sized_queries.json
echo "{$gap, \"radius_classes\": [1.5], \"queries\": [{\"from\": [10.3, 3], \"to\": [10.3, 17], \"radius\": 1}, {\"from\": [10.3, 3], \"to\": [10.3, 17], \"radius\": 3}]}" >too_wide_query.json
expect 2 'too_wide_query.json: /queries/1/radius: 3 is above every radius class: the largest is 1.5' scene too_wide_query.json --mode navmesh
echo "{$gap, \"queries\": [{\"from\": [10.3, 3], \"to\": [10.3, 17], \"radius\": 1}]}" >no_classes_query.json
expect 2 'no_classes_query.json: /queries/0/radius: 1 is above every radius class: the largest is 0.5 \(the buffer radius; add "radius_classes"\)' scene no_classes_query.json
echo "{$gap, \"queries\": [{\"from\": [10.3, 3], \"to\": [10.3, 17], \"radius\": -0.5}]}" >negative_query_radius.json
expect 2 'negative_query_radius.json: /queries/0/radius: ' scene negative_query_radius.json
echo "{$gap, \"radius_classes\": [1, 12]}" >scene_huge_class.json
expect 2 'scene_huge_class.json: /radius_classes/1: an agent of radius 12 does not fit in the world \(its smaller side is 20' scene scene_huge_class.json --mode navmesh
echo "{$gap, \"radius_classes\": [$(repeat 16 '1, ')1]}" >many_classes.json
expect 2 'many_classes.json: /radius_classes: has 17 values, over the limit of 16' scene many_classes.json
{
  printf '{"bounds": [[0, 0], [1000, 1000]], "radius_classes": [0.5, 1], "obstacles": ['
  awk 'BEGIN { for (k = 0; k < 1750; k++) { x = 20 * (k % 45) + 5; y = 20 * int(k / 45) + 5
        printf "%s{\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", (k ? ", " : ""),
               x, y, x + 4, y, x + 4, y + 4, x, y + 4 } }'
  printf '], "queries": [{"from": [1, 1], "to": [999, 999]}, {"from": [1, 1], "to": [999, 999], "radius": 0.5}, {"from": [1, 1], "to": [999, 999], "radius": 1}]}'
} >three_radii.json
# A ladder whose foot a class of radius 1.5 cannot stand on: the class's mesh goes without it,
# the visibility mode refuses it for that class.
echo '{"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5, "radius_classes": [1.5], "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}], "links": [{"from": [5, 12], "to": [5, 8], "cost": 4}], "queries": [{"from": [3, 15], "to": [3, 5]}, {"from": [3, 15], "to": [3, 5], "radius": 1.5}]}' >narrow_ladder.json
expect 1 'query: 1, status: no_path, .*radius: 1.5, radius_class: 1.5' scene narrow_ladder.json --mode navmesh
expect 2 'narrow_ladder.json: /links/0: link start 5,12 is inside obstacle 0 or its buffer \(obstacles grown by the radius class 1.5\)' scene narrow_ladder.json
expect 2 'three_radii.json: 21000 obstacle corners \(7000 x 3 radii\) are more than --mode visibility takes \(20000\)' scene three_radii.json

# ---- agents scenarios: sizes and speeds at their limits, many agents, long runs -----------------
echo '{"bounds": [[0, 0], [10, 10]], "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9], "radius": 100000, "max_speed": 100000, "max_acceleration": 100000}], "dt": 1}' >giant_agent.json
expect 1 'id: 1, state: moving, .*last_stuck: no_progress' agents giant_agent.json
# Radius classes: bad ones name their place; a large agent's target by a wall is refused; a
# small and a large agent on one mesh, the large one round the wall, the small through its gap.
echo '{"bounds": [[0, 0], [10, 10]], "radius_classes": [1, -1], "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9], "radius": 1}]}' >bad_class.json
expect 2 'bad_class.json: /radius_classes/1: ' agents bad_class.json
sed 's/\[1, -1\]/[6]/' bad_class.json >huge_class.json
expect 2 'huge_class.json: /radius_classes/0: an agent of radius 6 does not fit in the world \(its smaller side is 10' agents huge_class.json
echo '{"bounds": [[0, 0], [30, 20]], "buffer_radius": 0.25, "radius_classes": [1.5], "obstacles": [{"polygon": [[0, 9], [14, 9], [14, 11], [0, 11]]}, {"polygon": [[16, 9], [26, 9], [26, 11], [16, 11]]}], "agents": [{"id": 1, "at": [15, 16], "to": [15, 4], "radius": 0.25}, {"id": 2, "at": [20, 16], "to": [5, 12], "radius": 1.5}], "max_steps": 600}' >sizes.json
expect 2 'sizes.json: /agents/1/to: target 5,12 is closer to an obstacle than the radius class 1.5' agents sizes.json
sed 's/"to": \[5, 12\]/"to": [20, 4]/' sizes.json >sizes_ok.json
expect 0 'summary: 2 agents, 2 arrived' agents sizes_ok.json
# Areas and per-agent filters: a filter naming a type no area has or a cost below 1 is refused
# at its place; a swimmer and a walker that keeps out of the water both arrive.
pond='"bounds": [[0, 0], [30, 20]], "buffer_radius": 0.5, "obstacles": [], "areas": [{"outline": [[13, 2], [17, 2], [17, 18], [13, 18]], "type": 1}]'
echo "{$pond, \"agents\": [{\"id\": 1, \"at\": [5, 10], \"to\": [25, 10], \"filter\": {\"exclude\": [4]}}]}" >agent_unknown_type.json
expect 2 'agent_unknown_type.json: /agents/0/filter/exclude/0: type 4 is not the type of any area here' agents agent_unknown_type.json
echo "{$pond, \"agents\": [{\"id\": 1, \"at\": [5, 10], \"to\": [25, 10], \"filter\": {\"costs\": {\"1\": 0.5}}}]}" >agent_cheap_water.json
expect 2 'agent_cheap_water.json: /agents/0/filter/costs/1' agents agent_cheap_water.json
echo "{$pond, \"agents\": [{\"id\": 1, \"at\": [5, 10], \"to\": [25, 10], \"filter\": {\"costs\": {\"1\": 1.5}}}, {\"id\": 2, \"at\": [5, 6], \"to\": [25, 6], \"filter\": {\"exclude\": [1]}}], \"max_steps\": 800}" >agent_pond.json
expect 0 'summary: 2 agents, 2 arrived' agents agent_pond.json
echo '{"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5, "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9], "max_speed": 1e-30}]}' >tiny_speed.json
expect 1 'id: 1, state: moving, at: 1,1, .*last_stuck: no_progress' agents tiny_speed.json
echo '{"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5, "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}], "max_steps": 1e400}' >huge_steps.json
expect 2 'huge_steps.json' agents huge_steps.json
/usr/bin/env awk 'BEGIN {
  printf "{\"bounds\": [[0, 0], [200, 200]], \"buffer_radius\": 0.4, \"obstacles\": [], \"agents\": [";
  for (i = 0; i < 10000; i++) printf "%s{\"id\": %d, \"at\": [%d, %d], \"to\": [%d, %d]}", (i ? ", " : ""), i, 1 + (i % 100) * 2, 1 + int(i / 100) * 2, 199 - (i % 100) * 2, 199 - int(i / 100) * 2;
  printf "], \"max_steps\": 20}\n" }' >packed_agents.json
expect 1 '10000 agents, 0 arrived after 20 steps' agents packed_agents.json
sed 's/"max_steps": 20/"max_steps": 200/' packed_agents.json >long_agents.json
expect 2 '10000 agents for 200 steps make 2010000 positions, over the limit of 2000000' agents long_agents.json
expect 2 '/dev/full: cannot write there' agents "$data/../../examples/agents/doorway.json" --trace /dev/full
expect 2 'cannot write the file' agents "$data/../../examples/agents/doorway.json" --trace kept_trace.json --html missing/folder/a.html
absent kept_trace.json
# 10,000 agents started on one point, and 10,000 of radius 100,000: bounded neighbour searches
# and overlap measurement (each took minutes when every agent in range was gathered).
/usr/bin/env awk 'BEGIN {
  printf "{\"bounds\": [[0, 0], [200, 200]], \"buffer_radius\": 0.4, \"obstacles\": [], \"agents\": [";
  for (i = 0; i < 10000; i++) printf "%s{\"id\": %d, \"at\": [100, 100], \"to\": [%d, %d]}", (i ? ", " : ""), i, 1 + (i % 100) * 2, 1 + int(i / 100) * 2;
  printf "], \"max_steps\": 100}\n" }' >bunched_agents.json
expect 1 '10000 agents, [0-9]+ arrived after 100 steps' agents bunched_agents.json
sed 's/"to": \[\([0-9]*\), \([0-9]*\)\]}/"to": [\1, \2], "radius": 100000}/g; s/"max_steps": 100/"max_steps": 50/' bunched_agents.json >giant_bunch.json
expect 1 '10000 agents, 0 arrived after 50 steps' agents giant_bunch.json
# Five agents queueing for one point: those pushed off it are not "arrived" beside it.
echo '{"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5, "obstacles": [], "agents": [{"id": 1, "at": [10, 2], "to": [10, 15]}, {"id": 2, "at": [10, 4], "to": [10, 15]}, {"id": 3, "at": [10, 6], "to": [10, 15]}, {"id": 4, "at": [10, 8], "to": [10, 15]}, {"id": 5, "at": [10, 0.6], "to": [10, 15]}], "max_steps": 600}' >one_point.json
expect 1 '"all_arrived":false,"arrived":[01],' agents one_point.json --json
# Refusals name the value at fault.
echo '{"bounds": [[0, 0], [10, 10]], "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9], "radius": 1e400}]}' >radius_overflow.json
expect 2 'radius_overflow.json: /agents/0/radius: number overflow' agents radius_overflow.json
echo '{"bounds": [[0, 0], [10, 10]], "buffer_radius": 200000, "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}]}' >huge_buffer.json
expect 2 'huge_buffer.json: /buffer_radius: .*largest radius of an agent' agents huge_buffer.json
echo '{"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5, "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}], "max_steps": 18446744073709551616}' >wide_steps.json
expect 2 'wide_steps.json: /max_steps: .* is outside 1..100000' agents wide_steps.json
# Links of agents files: a bad traversal time, an end inside the wall.
echo '{"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5, "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}], "links": [{"from": [10, 13], "to": [10, 7], "traversal_seconds": -2}], "agents": [{"id": 1, "at": [8, 15], "to": [4, 3]}]}' >link_seconds.json
expect 2 'link_seconds.json: /links/0/traversal_seconds: -2 is outside' agents link_seconds.json
echo '{"bounds": [[0, 0], [20, 20]], "buffer_radius": 0.5, "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}], "links": [{"from": [10, 13], "to": [10, 10]}], "agents": [{"id": 1, "at": [8, 15], "to": [4, 3]}]}' >link_in_wall_agents.json
expect 2 'link_in_wall_agents.json: /links/0: link end 10,10 is outside the bounds or inside an obstacle' agents link_in_wall_agents.json
# A trace (and pictures) that would not fit the memory budget is refused before the run.
sed 's/"max_steps": 20/"max_steps": 199/' packed_agents.json >longest_agents.json
expect 2 'longest_agents.json: 10000 agents for 199 steps with a trace need .* over the memory budget of 64' \
  --memory-limit 64 agents longest_agents.json --trace big_trace.json
absent big_trace.json
# Agents x triangles of the mesh bound the path planning.
/usr/bin/env awk 'BEGIN {
  printf "{\"bounds\": [[0, 0], [1000, 1000]], \"buffer_radius\": 0.4, \"obstacles\": [";
  for (i = 0; i < 100; i++) for (j = 0; j < 100; j++) printf "%s{\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", (i + j ? ", " : ""), 5 + i * 9, 5 + j * 9, 7 + i * 9, 5 + j * 9, 7 + i * 9, 7 + j * 9, 5 + i * 9, 7 + j * 9;
  printf "], \"agents\": [";
  for (i = 0; i < 5000; i++) printf "%s{\"id\": %d, \"at\": [1, %d], \"to\": [999, %d]}", (i ? ", " : ""), i, 1 + (i % 990), 999 - (i % 990);
  printf "], \"max_steps\": 10}\n" }' >planning_agents.json
expect 2 'planning_agents.json: 5000 agents planning paths on a mesh of [0-9]+ triangles make [0-9]+ agent-triangles \(an agent with weighted ground in its filter counts 1 \+ 3 x points_per_edge\), over the limit of 50000000' agents planning_agents.json

# ---- timed obstacle changes of agents files ----------------------------------------------------
changing() { # changing CHANGES: a gate scene with one agent and the given "changes"
  printf '{"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.5, "obstacles": [{"id": "gate", "polygon": [[9, 3], [11, 3], [11, 7], [9, 7]]}], "agents": [{"id": 1, "at": [2, 5], "to": [18, 5]}], "max_steps": 300, "changes": %s}\n' "$1"
}
changing '[{"step": 5, "remove": ["door"]}]' >unknown_id.json
expect 2 'unknown_id.json: /changes/0/remove/0: no obstacle with the id "door" is present at step 5' agents unknown_id.json
changing '[{"step": 5, "remove": ["gate"]}, {"step": 6, "move": {"id": "gate", "by": [1, 0]}}]' >moved_gone.json
expect 2 'moved_gone.json: /changes/1/move/id: no obstacle with the id "gate" is present at step 6' agents moved_gone.json
changing '[{"step": 5, "move": {"id": "gate", "by": [1e400, 0]}}]' >move_overflow.json
expect 2 'move_overflow.json: /changes/0/move/by/0: number overflow' agents move_overflow.json
changing '[{"step": 5, "move": {"id": "gate", "by": [3e38, 0]}}]' >move_far.json
expect 2 'move_far.json: /changes/0/move/by: the moved obstacle \(/obstacles/0\) is refused' agents move_far.json
changing '[{"step": 9, "remove": ["gate"]}, {"step": 4, "add": [{"circle": {"center": [5, 5], "radius": 1}}]}]' >out_of_order.json
expect 2 'out_of_order.json: /changes/1/step: 4 comes before step 9' agents out_of_order.json
changing '[{"step": 301, "remove": ["gate"]}]' >late_change.json
expect 2 'late_change.json: /changes/0/step: 301 is outside 1..300' agents late_change.json
changing "[$(repeat 10000 '{"step": 1, "move": {"id": "gate", "by": [0, 0]}}, '){\"step\": 1, \"remove\": [\"gate\"]}]" >many_changes.json
expect 2 'many_changes.json: /changes: .*10000' agents many_changes.json
# A polygon of 10,000 corners moved over and over counts its points each time.
/usr/bin/env awk 'BEGIN {
  printf "{\"bounds\": [[0, 0], [100, 100]], \"obstacles\": [{\"id\": \"saw\", \"polygon\": [";
  for (i = 0; i < 10000; i++) printf "%s[%.4f, %.4f]", (i ? ", " : ""), 50 + 20 * cos(6.2831853 * i / 10000), 50 + 20 * sin(6.2831853 * i / 10000);
  printf "]}], \"agents\": [{\"id\": 1, \"at\": [1, 1], \"to\": [99, 1], \"radius\": 0.5}], \"changes\": [";
  for (i = 0; i < 30; i++) printf "%s{\"step\": %d, \"move\": {\"id\": \"saw\", \"by\": [0.01, 0]}}", (i ? ", " : ""), i + 1;
  printf "]}\n" }' >saw_moves.json
expect 2 'saw_moves.json: /changes/19/move: the scene.s obstacles, the obstacles added and the obstacles moved hold more than 200000 points' agents saw_moves.json
# Repairs: steps with changes x triangles of the mesh are bounded before the run starts.
/usr/bin/env awk 'BEGIN {
  printf "{\"bounds\": [[0, 0], [1000, 1000]], \"buffer_radius\": 0.4, \"obstacles\": [{\"id\": \"cart\", \"circle\": {\"center\": [500, 999], \"radius\": 0.5}}";
  for (i = 0; i < 40; i++) for (j = 0; j < 40; j++) printf ", {\"polygon\": [[%d, %d], [%d, %d], [%d, %d], [%d, %d]]}", 5 + i * 20, 5 + j * 20, 7 + i * 20, 5 + j * 20, 7 + i * 20, 7 + j * 20, 5 + i * 20, 7 + j * 20;
  printf "], \"agents\": [{\"id\": 1, \"at\": [1, 1], \"to\": [999, 1]}], \"max_steps\": 5000, \"changes\": [";
  for (i = 1; i <= 5000; i++) printf "%s{\"step\": %d, \"move\": {\"id\": \"cart\", \"by\": [0, 0]}}", (i > 1 ? ", " : ""), i;
  printf "]}\n" }' >busy_repairs.json
expect 2 'busy_repairs.json: 5000 steps with obstacle changes on a mesh of [0-9]+ triangles make [0-9]+ triangle repairs, over the limit of 5000000' agents busy_repairs.json
# Scene files have no steps: a "changes" key is refused, not ignored.
echo '{"bounds": [[0, 0], [10, 10]], "obstacles": [{"id": "well", "circle": {"center": [5, 5], "radius": 1}}], "changes": [{"step": 1, "remove": ["well"]}]}' >scene_changes.json
expect 2 'scene_changes.json: /changes: a scene file has no steps to time changes by' scene scene_changes.json

# ---- memory: devices, FIFOs, folders, huge declared sizes --------------------------------------
for command in "path /dev/zero --from 0,0 --to 1,1" "graph /dev/zero --from a --to b" \
  "scene /dev/zero" "crowd /dev/zero" "agents /dev/zero" "world /dev/zero" "bench /dev/zero"; do
  # shellcheck disable=SC2086
  expect 2 '/dev/zero: cannot read a device' $command
done
mkfifo pipe.json
expect 2 'pipe.json: cannot read a FIFO' scene pipe.json
expect 2 'cannot read a folder' crowd .
printf 'type octile\nheight 16384\nwidth 16384\nmap\n' >short.map
expect 2 'short.map:[0-9]+: the map is 16384 x 16384 = 268435456 tiles, over the limit' path short.map --from 0,0 --to 1,1
printf 'type octile\nheight 8000\nwidth 8000\nmap\n' >short2.map
expect 2 'short2.map: the header announces 8000 rows of 8000 tiles but only 0 bytes follow it' path short2.map --from 0,0 --to 1,1
printf '<world edge_portal_spacing="16"><map id="0" width="2000" height="2000"><neighbour side="east" map="1"/></map><map id="1" width="2000" height="2000"/></world>\n' >linked.xml
expect 2 'routes would need [0-9]+ MB of distance fields, over the limit of 1024 MB' world linked.xml
# 10,000 units sent to one tile as coordinated orders: each goal is the next free tile of one
# breadth-first walk, not a walk over the filled area again per unit.
/usr/bin/env awk 'BEGIN {
  printf "{\"map\": {\"rows\": ["; for (y = 0; y < 120; y++) { printf "%s\"", (y ? ", " : ""); for (x = 0; x < 120; x++) printf "."; printf "\"" }
  printf "]}, \"units\": ["; for (i = 0; i < 10000; i++) printf "%s{\"id\": %d, \"at\": [%d, %d]}", (i ? ", " : ""), i, i % 100, int(i / 100);
  printf "], \"commands\": ["; for (i = 0; i < 10000; i++) printf "%s{\"units\": [%d], \"to\": [110, 110], \"coordinated\": true}", (i ? ", " : ""), i;
  printf "], \"max_ticks\": 1}\n" }' >one_tile.json
expect 1 'stopped at max_ticks after 1 ticks' crowd one_tile.json
# A coordinated order every tick on a 4096 x 4096 map: the planner's graph is built once and
# the orders join the running move (each one rebuilt the graph and planner: 3.5 s an order).
/usr/bin/env awk 'BEGIN { printf "type octile\nheight 4096\nwidth 4096\nmap\n"; row = ""; for (x = 0; x < 4096; x++) row = row "."; for (y = 0; y < 4096; y++) print row }' >open4096.map
/usr/bin/env awk 'BEGIN { printf "{\"map\": {\"file\": \"open4096.map\"}, \"units\": [{\"id\": 1, \"at\": [0, 0]}, {\"id\": 2, \"at\": [5, 5]}], \"commands\": [";
  for (t = 0; t < 10; t++) printf "%s{\"tick\": %d, \"units\": [%d], \"to\": [%d, 10], \"coordinated\": true}", (t ? ", " : ""), t, 1 + t % 2, 10 + t;
  printf "], \"max_ticks\": 100}\n" }' >every_tick.json
expect 0 'id: 1, at: 18,10, outcome: arrived, arrived_tick: 29' crowd every_tick.json
# One plain order on an 8192 x 8192 map: no landmark tables over 67M tiles (over 100 s).
/usr/bin/env awk 'BEGIN { printf "type octile\nheight 8192\nwidth 8192\nmap\n"; row = ""; for (x = 0; x < 8192; x++) row = row "."; for (y = 0; y < 8192; y++) print row }' >open8192.map
echo '{"map": {"file": "open8192.map"}, "units": [{"id": 1, "at": [0, 0]}], "commands": [{"units": [1], "to": [100, 50]}]}' >plain_order.json
expect 0 'id: 1, .*arrived_tick: 99' crowd plain_order.json
rm -f open4096.map open8192.map
# Three units and a command at tick 9,999,990: the trace of every tick stops cleanly where the
# memory budget ends (it aborted with std::bad_alloc), and an output that cannot be written is
# refused before a tick is run.
echo '{"map": {"rows": ["....", "...."]}, "units": [{"id": 1, "at": [0, 0]}, {"id": 2, "at": [3, 0]}, {"id": 3, "at": [0, 1]}], "commands": [{"tick": 9999990, "units": [1], "to": [3, 1]}], "max_ticks": 10000000}' >long_trace.json
expect 1 'stopped at the memory limit after [0-9]+ ticks' --memory-limit 256 crowd long_trace.json --trace long_trace.out.json
expect 2 '/dev/full: cannot write there' crowd long_trace.json --trace /dev/full
expect 2 'pipe.json: cannot write there' crowd long_trace.json --html pipe.json

# ---- files a reader must not accept ------------------------------------------------------------
: >empty.scen
expect 2 'empty.scen: the file is empty' bench empty.scen
printf '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5\n' >noversion.scen
expect 2 "noversion.scen:1: the file must start with its 'version 1' line" bench noversion.scen
printf 'height 1\nwidth 2\nmap\n..\n' >untyped.map
expect 2 "untyped.map:3: the header lacks its 'type octile' line" path untyped.map --from 0,0 --to 1,0
cp "$data/tiny.map" first.map
printf 'type octile\nheight 2\nwidth 2\nmap\n..\n..\n' >second.map
printf 'version 1\n0\tfirst.map\t5\t3\t0\t0\t3\t2\t5\n0\tsecond.map\t2\t2\t0\t0\t1\t1\t1.41421356\n' >two_maps.scen
expect 0 '^queries: 2$' bench two_maps.scen

# ---- outputs: all or nothing, checked writes ----------------------------------------------------
expect 2 '/dev/full: cannot write there' path "$data/tiny.map" --from 0,0 --to 3,2 --png /dev/full
expect 2 '/dev/full: cannot write there' path "$data/tiny.map" --from 0,0 --to 3,2 --svg /dev/full
expect 2 '/dev/full: cannot write there' crowd "$data/../../examples/crowd/corridor_deadlock.json" --trace /dev/full
expect 2 'cannot write the file' path "$data/tiny.map" --from 0,0 --to 3,2 --html kept.html --svg missing/folder/p.svg
absent kept.html
expect 2 'an input file' scene "$data/scene_with_invalid_query.json" --svg "$data/scene_with_invalid_query.json"
expect 2 '' path "$data/tiny.map" --from 0,0 --to 3,2 --png-scale 0 --png zero.png
absent zero.png

# Rows alternating between two big maps: each map is read and indexed once, not once a row.
/usr/bin/python3 - <<'PY'
for name in ("big-a.map", "big-b.map"):
    with open(name, "w") as out:
        out.write("type octile\nheight 2048\nwidth 2048\nmap\n" + ("." * 2048 + "\n") * 2048)
with open("alternating.scen", "w") as out:
    out.write("version 1\n")
    for row in range(4000):
        out.write(f"0\tbig-{'ab'[row % 2]}.map\t2048\t2048\t{row % 2000}\t5\t{row % 2000 + 1}\t5\t1\n")
PY
expect 0 '^queries: 4000$' bench alternating.scen --algo jps+
{ echo 'version 1'; for ((row = 0; row < 1500; row++)); do printf '0\thuge.map\t8192\t8192\t0\t0\t1\t0\t1\n'; done; } >hours.scen
expect 2 'hours.scen: its 1500 rows may search up to 1.01e\+11 tiles, over the limit of 1e\+11 a file' bench hours.scen

# ---- many-agent results ------------------------------------------------------------------------
depot=("$data/../../examples/mapf/depot.map" "$data/../../examples/mapf/depot-40.scen" 40)
printf 'agents=40\nsolution=\n0:(1,1),(2,2)\n' >unterminated.txt
expect 2 'unterminated.txt:3: position 2 is not written' mapf-check "${depot[@]}" unterminated.txt
printf 'solution=\n0:(\xff,1),\n' >binary.txt
expect 2 'binary.txt:2: position 1' mapf-check "${depot[@]}" binary.txt
printf 'solution=\n0:(99999999999999999999,1),\n' >huge.txt
expect 2 'huge.txt:2: position 1' mapf-check "${depot[@]}" huge.txt
expect 2 'folder|directory' mapf-check "${depot[@]}" "$work"
expect 2 'regular|device' mapf-check "${depot[@]}" /dev/zero
sed 's/^1:(\([0-9]*\),\([0-9]*\)),/1:(\2,\1),/' "$data/depot_mapf_result.txt" >teleport.txt
expect 1 '^valid: false$' mapf-check "${depot[@]}" teleport.txt
sed 's/^soc=.*/soc=1/' "$data/depot_mapf_result.txt" >wrong_soc.txt
expect 1 'soc=1 is stated, but the plan' mapf-check "${depot[@]}" wrong_soc.txt
expect 2 'time-limit' mapf --map "${depot[0]}" --scen "${depot[1]}" --agents 40 --time-limit -1
expect 2 'cannot write' mapf --map "${depot[0]}" --scen "${depot[1]}" --agents 40 --out missing/r.txt
expect 2 'quality.*perfect' mapf --map "${depot[0]}" --scen "${depot[1]}" --agents 40 --quality perfect
absent missing/r.txt
# Lifelong tasks files: unknown agent, tiles on a wall or off the map, bytes that are not text,
# counts over the limits, malformed numbers, more or fewer lines than stated.
lifelong=(mapf --lifelong --steps 20 --map "${depot[0]}" --scen "${depot[1]}" --agents 40)
expect 0 'tasks: 80' mapf-tasks "${depot[0]}" --scen "${depot[1]}" --agents 40 --tasks-per-agent 2 --out tasks.txt
expect 0 '^throughput: ' "${lifelong[@]}" --tasks tasks.txt --out lifelong.txt
expect 0 '^valid: true$' mapf-check "${depot[@]}" lifelong.txt --tasks tasks.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 1\n40 0 0\n' >unknown_agent.txt
expect 2 'unknown_agent.txt:4: agent 40 is unknown: the file has agents 0 to 39' "${lifelong[@]}" --tasks unknown_agent.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 1\n0 2 3\n' >wall.txt
expect 2 'wall.txt:4: tile 2,3 is blocked' "${lifelong[@]}" --tasks wall.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 1\n0 24 0\n' >off_map.txt
expect 2 'off_map.txt:4: tile 24,0 is outside the map' "${lifelong[@]}" --tasks off_map.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 1\n0 \xff\xfe 0\n' >binary_tasks.txt
expect 2 'binary_tasks.txt:4: byte 0xFF is not printable ASCII' "${lifelong[@]}" --tasks binary_tasks.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 99999999999999999999\n' >huge_tasks.txt
expect 2 "huge_tasks.txt:3: expected 'tasks M' with M from 0 to 4000000" "${lifelong[@]}" --tasks huge_tasks.txt
printf 'pathkit-tasks 1\nagents 1000000\ntasks 0\n' >many_agents.txt
expect 2 "many_agents.txt:2: expected 'agents N' with N from 1 to 100000" "${lifelong[@]}" --tasks many_agents.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 2\n0 1.5 0\n' >fraction.txt
expect 2 "fraction.txt:4: expected a task 'AGENT X Y': three whole numbers" "${lifelong[@]}" --tasks fraction.txt
printf 'pathkit-tasks 1\nagents 40\ntasks 2\n0 1 0\n' >short.txt
expect 2 "short.txt:4: 1 task lines, but 'tasks 2' was stated" "${lifelong[@]}" --tasks short.txt
printf 'pathkit-tasks 1\nagents 39\ntasks 0\n' >fewer_agents.txt
expect 2 'fewer_agents.txt: written for 39 agents, but 40 were asked for' "${lifelong[@]}" --tasks fewer_agents.txt
expect 2 'over the limit of 32000000' mapf --lifelong --steps 1000000 --map "${depot[0]}" --scen "${depot[1]}" --agents 40 --tasks tasks.txt --out never.txt
absent never.txt
# A lifelong result spoiled: a teleport, a finished task moved to another step, no --tasks.
sed 's/^1:(\([0-9]*\),\([0-9]*\)),/1:(\2,\1),/' lifelong.txt >lifelong_teleport.txt
expect 1 '^valid: false$' mapf-check "${depot[@]}" lifelong_teleport.txt --tasks tasks.txt
sed 's/^finished_0=.*/finished_0=1/' lifelong.txt >lifelong_claim.txt
expect 1 "agent 0's task 1 .* is claimed finished at t=1" mapf-check "${depot[@]}" lifelong_claim.txt --tasks tasks.txt
sed 's/^finished_3=.*/finished_3=x/' lifelong.txt >lifelong_bad_step.txt
expect 2 'lifelong_bad_step.txt: field finished_3: expected steps' mapf-check "${depot[@]}" lifelong_bad_step.txt --tasks tasks.txt
expect 2 'a lifelong result: give its tasks with --tasks' mapf-check "${depot[@]}" lifelong.txt
# A move across the whole range of coordinates is a jump (the sum of the two differences
# overflowed an int and read as no move).
printf 'type octile\nheight 1\nwidth 2\nmap\n..\n' >two.map
printf 'version 1\n0\ttwo.map\t2\t1\t0\t0\t1\t0\t1\n' >two.scen
printf 'solution=\n0:(0,0),\n1:(-1000000000,-1000000000),\n2:(1000000000,1000000000),\n3:(1,0),\n' >across.txt
expect 1 't=2: agent 0 jumps from -1000000000,-1000000000 to 1000000000,1000000000' \
  mapf-check two.map two.scen 1 across.txt
# 8192 x 8192 tiles: the time limit covers building the graph, proving the goals reachable
# and the distance tables (~2 s a table before; "time" is the planner's own, in ms); the
# planning graph is counted before it is built. Filling one set-up array of 67 million entries
# cannot be interrupted (about 0.3 s, more on a busy machine): 4 to 6 s are accepted.
python3 - <<'PY'
import random
side, rng = 8192, random.Random(1)
with open("open.map", "w") as f:
    f.write(f"type octile\nheight {side}\nwidth {side}\nmap\n" + ("." * side + "\n") * side)
with open("snake.map", "w") as f:  # a corridor winding over every other row
    f.write(f"type octile\nheight {side}\nwidth {side}\nmap\n")
    for y in range(side):
        f.write("." * side + "\n" if y % 2 == 0 else
                ("@" * (side - 1) + "." if y % 4 == 1 else "." + "@" * (side - 1)) + "\n")
for name, rows, count in (("open", range(side), 1000), ("snake", range(0, side, 2), 200)):
    tiles = rng.sample([(x, y) for y in rng.sample(rows, 64) for x in range(side)], 2 * count)
    with open(name + ".scen", "w") as f:
        f.write("version 1\n")
        for (sx, sy), (gx, gy) in zip(tiles[:count], tiles[count:]):
            f.write(f"0\t{name}.map\t{side}\t{side}\t{sx}\t{sy}\t{gx}\t{gy}\t0\n")
    with open(name + "_start.txt", "w") as f:  # a plan of one step: everyone stays home
        f.write("solution=\n0:" + "".join(f"({x},{y})," for x, y in tiles[:count]) + "\n")
PY
expect 1 '^time_ms: [45][0-9]{3}(\.[0-9]+)?$' \
  --memory-limit 3072 mapf --map open.map --scen open.scen --agents 1000 --time-limit 4
expect 2 'open.map: planning 1000 agents needs at least 2\.[34] GiB .*planning graph 1.3 GiB.*over the memory budget of 1.0 GiB' \
  --memory-limit 1024 mapf --map open.map --scen open.scen --agents 1000
# The last resort: a limit the budget was not told of (ulimit -v 300 MB, --memory-limit 4 GiB)
# ends in a clear message naming the input, exit 1, no output, never an abort.
expect_within 300000 1 'pathkit path: stopped at the memory limit: the system refused more memory after .* inputs: open.map; nothing was written' \
  --memory-limit 4096 path open.map --from 0,0 --to 8191,8191 --svg open.svg
absent open.svg
# mapf-check's lower bounds: one search per agent over the winding map took ~1.5 s each.
expect 1 '^valid: false$' mapf-check snake.map snake.scen 200 snake_start.txt
rm -f open.map snake.map
# No plan exists (two agents must trade places in a dead end) and the search cannot know it
# before visiting every configuration: it stops at its share of the memory budget.
python3 - <<'PY'
import random
side, rng = 40, random.Random(5)
with open("stuck.map", "w") as f:
    f.write(f"type octile\nheight {side}\nwidth {side + 5}\nmap\n")
    f.write("".join("." * side + "@" + ("...." if y == 0 else "@@@@") + "\n" for y in range(side)))
room = [(x, y) for y in range(side) for x in range(side)]
pairs = [((side + 1, 0), (side + 4, 0)), ((side + 4, 0), (side + 1, 0))]
pairs += list(zip(rng.sample(room, 600), rng.sample(room, 600)))
with open("stuck.scen", "w") as f:
    f.write("version 1\n" + "".join(f"0\tstuck.map\t{side + 5}\t{side}\t{a}\t{b}\t{c}\t{d}\t0\n"
                                   for (a, b), (c, d) in pairs))
PY
expect 1 'not solved: stopped at the memory limit: the search holds .* of the memory budget of 64.0 MiB' \
  --memory-limit 64 mapf --map stuck.map --scen stuck.scen --agents 602 --time-limit 25

# ---- answers that must not look like success -----------------------------------------------------
printf '<world ticks_per_minute="12"><map id="0" width="60" height="1"/><npc name="slow" map="0" x="0" y="0" speed="0.01"><appointment time="00:05" map="0" x="59" y="0"/></npc></world>\n' >slow.xml
expect 1 'late' world slow.xml --until 01:00

if [ "$failures" -ne 0 ]; then
  echo "$failures case(s) failed"
  exit 1
fi
echo "every hostile input got its clear answer"
