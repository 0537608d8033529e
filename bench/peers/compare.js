// Joins `pathkit bench --json` and a peer's JSON (same scenarios) into a ratio table.
// Usage: node compare.js PATHKIT.json PEER.json PEER_NAME
'use strict';
const fs = require('fs');
const path = require('path');
const [ours, theirs, peerName] = process.argv.slice(2).map((a, i) => (i < 2 ? JSON.parse(fs.readFileSync(a, 'utf8')) : a));
const peerByScen = new Map(theirs.files.map((f) => [path.basename(f.scen), f]));
console.log(`| scenario | queries | pathkit ${ours.algo} µs | ${peerName} ${theirs.algo} µs | ${peerName} / pathkit |`);
console.log('|---|---:|---:|---:|---:|');
for (const file of ours.files) {
  const peer = peerByScen.get(path.basename(file.scen));
  if (!peer) continue;
  const ratio = peer.mean_us / file.mean_us;
  console.log(`| ${path.basename(file.scen)} | ${file.queries} | ${file.mean_us.toFixed(1)} | ` +
              `${peer.mean_us.toFixed(1)} | ${ratio.toFixed(1)}x |`);
}
console.log(`\nmismatches: pathkit ${ours.mismatches}, ${peerName} ${theirs.mismatches}`);
