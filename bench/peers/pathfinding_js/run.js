// PathFinding.js on MovingAI scenarios: the same queries pathkit bench answers, timed in node.
// Usage: node run.js astar|jps SCEN... ; prints one JSON document like `pathkit bench --json`.
'use strict';
const fs = require('fs');
const path = require('path');
const PF = require('pathfinding');

function readMap(file) {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  let width = 0, height = 0, row = 0;
  while (lines[row] !== 'map') {
    const [key, value] = lines[row].split(/\s+/);
    if (key === 'width') width = Number(value);
    if (key === 'height') height = Number(value);
    row++;
  }
  const matrix = [];
  for (let y = 0; y < height; y++) {
    const text = lines[row + 1 + y];
    matrix.push(Array.from(text, (tile) => ('.GS'.includes(tile) ? 0 : 1)));
  }
  return { width, height, matrix };
}

function readScenario(file) {
  return fs.readFileSync(file, 'utf8').split(/\r?\n/)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length === 9)
    .map((f) => ({ map: path.basename(f[1]), start: [Number(f[4]), Number(f[5])],
                   goal: [Number(f[6]), Number(f[7])], optimal: Number(f[8]) }));
}

function pathLength(steps) {
  let length = 0;
  for (let i = 1; i < steps.length; i++) {
    const dx = Math.abs(steps[i][0] - steps[i - 1][0]);
    const dy = Math.abs(steps[i][1] - steps[i - 1][1]);
    length += Math.SQRT2 * Math.min(dx, dy) + Math.abs(dx - dy);
  }
  return length;
}

const [algorithm, ...scenarios] = process.argv.slice(2);
const options = { diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles };
const finder = algorithm === 'jps' ? new PF.JumpPointFinder(options)
                                   : new PF.AStarFinder({ ...options, heuristic: PF.Heuristic.octile });
const files = [];
let queries = 0, mismatches = 0;
for (const scenarioFile of scenarios) {
  const rows = readScenario(scenarioFile);
  const map = readMap(path.join(path.dirname(scenarioFile), rows[0].map));
  const grid = new PF.Grid(map.width, map.height, map.matrix);
  let searchNs = 0n, cloneNs = 0n, wrong = 0;
  for (const row of rows) {
    const cloneStart = process.hrtime.bigint();
    const copy = grid.clone();  // PathFinding.js marks nodes while searching: one copy per query
    const searchStart = process.hrtime.bigint();
    const steps = finder.findPath(row.start[0], row.start[1], row.goal[0], row.goal[1], copy);
    const searchEnd = process.hrtime.bigint();
    cloneNs += searchStart - cloneStart;
    searchNs += searchEnd - searchStart;
    const length = steps.length ? pathLength(steps) : -1;
    if (Math.abs(length - row.optimal) > 0.006 + 1e-5 * row.optimal) wrong++;
  }
  files.push({ scen: scenarioFile, queries: rows.length, mismatches: wrong,
               mean_us: Number(searchNs) / 1000 / rows.length,
               mean_clone_us: Number(cloneNs) / 1000 / rows.length });
  queries += rows.length;
  mismatches += wrong;
}
console.log(JSON.stringify({ algo: algorithm, files, queries, mismatches }, null, 2));
