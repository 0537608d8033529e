// The playground page's behaviour: the grid and its brushes, dragging the start and the goal,
// solving through pathkit's WebAssembly module, the step-by-step replay, and the report that
// headless browsers read (the pre element with the id "report").
"use strict";
(function () {
  const report = { ready: false, errors: [] };
  const reportElement = document.getElementById("report");
  const writeReport = () => { reportElement.textContent = JSON.stringify(report); };
  // Shared with the polygon tab's script: the report, and the module once it has loaded.
  const partsToSolve = new Set(["grid", "plane"]);
  window.playground = {
    report,
    modulePromise: loadModule(),
    /** Adds a tab's figures to the report; the page is ready when both tabs solved theirs. */
    solved(part, figures) {
      report[part] = figures;
      partsToSolve.delete(part);
      report.ready = partsToSolve.size === 0;
      writeReport();
    },
    failed(error) { report.errors.push(String(error)); writeReport(); },
    makeReplayer,
    bindTools,
  };

  /** Wires the brush buttons marked `data-NAME="tool"`: a click presses that one only and
   *  calls `pick(tool)`. */
  function bindTools(name, pick) {
    const buttons = document.querySelectorAll(`[data-${name}]`);
    for (const button of buttons)
      button.addEventListener("click", () => {
        pick(button.getAttribute(`data-${name}`));
        for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
      });
  }

  /** pathkit's module, compiled as the page loads (emscripten's factory gives the module, or a
   *  promise of it). */
  function loadModule() {
    return new Promise((resolve, reject) => {
      const made = createPathkitModule();
      if (made && typeof made.then === "function") made.then(resolve, reject);
      else resolve(made);
    });
  }

  /** The replay both tabs share: draws `view.result`'s expansions a few more each frame
   *  (`perFrame()` of them; `view.shown` counts them), then the path. */
  function makeReplayer(view, draw, perFrame) {
    let animation = 0;
    const animate = () => {
      const total = view.result ? view.result.expansions.length / 2 : 0;
      view.shown += perFrame();
      draw();
      animation = view.shown < total ? requestAnimationFrame(animate) : 0;
    };
    return {
      replay() {
        cancelAnimationFrame(animation);
        view.shown = 0;
        animation = requestAnimationFrame(animate);
      },
      showAll() {
        cancelAnimationFrame(animation);
        view.shown = Infinity;
        draw();
      },
    };
  }
  window.addEventListener("error", (event) => { report.errors.push(String(event.message)); writeReport(); });
  window.addEventListener("unhandledrejection", (event) => {
    report.errors.push(String(event.reason)); writeReport();
  });
  writeReport();

  const defaultStart = [2, 17];
  const defaultGoal = [20, 10];
  const tilePixels = 20;
  const speeds = [1, 2, 5, 15, 50, 200, Infinity];  // expansions shown per frame
  const speedNames = ["1 a frame", "2 a frame", "5 a frame", "15 a frame", "50 a frame",
                      "200 a frame", "at once"];
  const diagonalNames = ["never", "always", "at-least-one-walkable", "no-corner-cutting"];
  const brushTerrain = { swamp: 3, road: 0.5 };

  /** A MovingAI .map text as width, height and walkable bytes (row after row). */
  function parseMovingAiMap(text) {
    const lines = text.trim().split(/\r?\n/);
    const header = {};
    let row = 0;
    while (row < lines.length && lines[row].trim() !== "map") {
      const [key, value] = lines[row].trim().split(/\s+/);
      header[key] = value;
      row++;
    }
    const width = Number(header.width), height = Number(header.height);
    const walkable = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const line = lines[row + 1 + y] || "";
      for (let x = 0; x < width; x++) walkable[y * width + x] = ".GS".includes(line[x]) ? 1 : 0;
    }
    return { width, height, walkable };
  }

  const example = parseMovingAiMap(document.getElementById("default-map").textContent);
  const grid = {
    width: example.width,
    height: example.height,
    walkable: example.walkable.slice(),
    terrain: new Float32Array(example.width * example.height).fill(1),
    start: defaultStart.slice(),
    goal: defaultGoal.slice(),
  };
  const view = { tool: "wall", result: null, shown: 0, dragging: null, painting: false };
  const canvas = document.getElementById("map");
  const context = canvas.getContext("2d");
  canvas.width = grid.width * tilePixels;
  canvas.height = grid.height * tilePixels;
  const controls = {
    algorithm: document.getElementById("algorithm"),
    diagonal: document.getElementById("diagonal"),
    speed: document.getElementById("speed"),
  };

  let pathkit = null;

  /** Copies `values` into the module's memory; returns the address (free it after use). */
  function copyIn(values, heapName) {
    const address = pathkit._malloc(values.byteLength);
    pathkit[heapName].set(values, address / values.BYTES_PER_ELEMENT);
    return address;
  }
  function readPairs(address, count) {
    const start = address / 4;
    return Array.from(pathkit.HEAP32.subarray(start, start + 2 * count));
  }

  /** Asks pathkit for the path on the current grid. */
  function solve() {
    const walkable = copyIn(grid.walkable, "HEAPU8");
    const terrain = copyIn(grid.terrain, "HEAPF32");
    // The search by its name, as pathkit names searches everywhere ("astar", "jps+", ...).
    const algorithm = copyIn(new TextEncoder().encode(controls.algorithm.value + "\0"), "HEAPU8");
    const began = performance.now();
    pathkit._playground_solve(grid.width, grid.height, walkable, terrain, grid.start[0],
                              grid.start[1], grid.goal[0], grid.goal[1], algorithm,
                              Number(controls.diagonal.value));
    const wallClock = performance.now() - began;
    pathkit._free(walkable);
    pathkit._free(terrain);
    pathkit._free(algorithm);
    return {
      status: pathkit.UTF8ToString(pathkit._playground_status()),
      message: pathkit.UTF8ToString(pathkit._playground_message()),
      method: pathkit.UTF8ToString(pathkit._playground_method()),
      cost: pathkit._playground_cost(),
      milliseconds: pathkit._playground_milliseconds(),
      wallClock,
      path: readPairs(pathkit._playground_path(), pathkit._playground_path_length()),
      expansions: readPairs(pathkit._playground_expansions(), pathkit._playground_expanded()),
    };
  }

  function showNumbers(result) {
    const found = result.status === "found";
    document.getElementById("status").textContent =
      found ? `found (${result.method})` : `${result.status.replace("_", " ")}: ${result.message}`;
    document.getElementById("cost").textContent = found ? result.cost.toFixed(3) : "-";
    document.getElementById("expanded").textContent = String(result.expansions.length / 2);
    document.getElementById("time").textContent = `${result.milliseconds.toFixed(3)} ms`;
    document.getElementById("length").textContent = found ? `${result.path.length / 2} tiles` : "-";
  }

  function tileColour(index) {
    if (!grid.walkable[index]) return "#2b2f3a";
    const cost = grid.terrain[index];
    if (cost > 1) return "#a58a5a";
    if (cost < 1) return "#e9e2c8";
    return "#ffffff";
  }

  function draw() {
    const size = tilePixels;
    for (let y = 0; y < grid.height; y++)
      for (let x = 0; x < grid.width; x++) {
        context.fillStyle = tileColour(y * grid.width + x);
        context.fillRect(x * size, y * size, size, size);
      }
    const result = view.result;
    if (result) {
      const shown = Math.min(view.shown, result.expansions.length / 2);
      for (let step = 0; step < shown; step++) {
        const x = result.expansions[2 * step], y = result.expansions[2 * step + 1];
        context.fillStyle = step === shown - 1 && shown < result.expansions.length / 2
          ? "#2d6cdf" : "rgba(76, 144, 236, 0.45)";
        context.fillRect(x * size + 2, y * size + 2, size - 4, size - 4);
      }
    }
    context.strokeStyle = "#e3e6eb";
    context.lineWidth = 1;
    for (let x = 0; x <= grid.width; x++) {
      context.beginPath(); context.moveTo(x * size + 0.5, 0);
      context.lineTo(x * size + 0.5, grid.height * size); context.stroke();
    }
    for (let y = 0; y <= grid.height; y++) {
      context.beginPath(); context.moveTo(0, y * size + 0.5);
      context.lineTo(grid.width * size, y * size + 0.5); context.stroke();
    }
    if (result && view.shown >= result.expansions.length / 2 && result.path.length > 2) {
      context.strokeStyle = "#d7263d";
      context.lineWidth = 4;
      context.lineJoin = "round";
      context.beginPath();
      for (let step = 0; step < result.path.length / 2; step++) {
        const x = (result.path[2 * step] + 0.5) * size, y = (result.path[2 * step + 1] + 0.5) * size;
        if (step === 0) context.moveTo(x, y); else context.lineTo(x, y);
      }
      context.stroke();
    }
    for (const [tile, colour] of [[grid.start, "#1f9d55"], [grid.goal, "#e07b00"]]) {
      context.fillStyle = colour;
      context.beginPath();
      context.arc((tile[0] + 0.5) * size, (tile[1] + 0.5) * size, size * 0.38, 0, 2 * Math.PI);
      context.fill();
    }
  }

  const replayer = window.playground.makeReplayer(view, draw,
                                                   () => speeds[Number(controls.speed.value)]);
  const replay = replayer.replay;

  /** Solves again after a change; while dragging, shows the whole search at once. */
  function update(atOnce) {
    if (!pathkit) return;
    view.result = solve();
    showNumbers(view.result);
    if (atOnce) replayer.showAll(); else replayer.replay();
  }

  function tileAt(event) {
    const box = canvas.getBoundingClientRect();
    const x = Math.floor((event.clientX - box.left) / box.width * grid.width);
    const y = Math.floor((event.clientY - box.top) / box.height * grid.height);
    return x >= 0 && y >= 0 && x < grid.width && y < grid.height ? [x, y] : null;
  }
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];

  /** Applies the brush to a tile; returns true when something changed. */
  function paint(tile) {
    if (same(tile, grid.start) || same(tile, grid.goal)) return false;
    const index = tile[1] * grid.width + tile[0];
    const walkable = view.tool === "wall" ? 0 : 1;
    const terrain = brushTerrain[view.tool] || 1;
    if (grid.walkable[index] === walkable && grid.terrain[index] === terrain) return false;
    grid.walkable[index] = walkable;
    grid.terrain[index] = terrain;
    return true;
  }

  canvas.addEventListener("pointerdown", (event) => {
    const tile = tileAt(event);
    if (!tile) return;
    canvas.setPointerCapture(event.pointerId);
    if (same(tile, grid.start)) view.dragging = "start";
    else if (same(tile, grid.goal)) view.dragging = "goal";
    else {
      view.painting = true;
      if (paint(tile)) update(true);
    }
  });
  canvas.addEventListener("pointermove", (event) => {
    const tile = tileAt(event);
    if (!tile) return;
    if (view.dragging) {
      const index = tile[1] * grid.width + tile[0];
      const other = view.dragging === "start" ? grid.goal : grid.start;
      if (!grid.walkable[index] || same(tile, other) || same(tile, grid[view.dragging])) return;
      grid[view.dragging] = tile;
      update(true);
    } else if (view.painting && paint(tile)) {
      update(true);
    }
  });
  const release = () => {
    if (view.dragging || view.painting) replay();
    view.dragging = null;
    view.painting = false;
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  window.playground.bindTools("tool", (tool) => { view.tool = tool; });
  const showSpeed = () => {
    document.getElementById("speed-label").textContent = speedNames[Number(controls.speed.value)];
  };
  controls.speed.addEventListener("input", showSpeed);
  showSpeed();
  controls.algorithm.addEventListener("change", () => update(false));
  controls.diagonal.addEventListener("change", () => update(false));
  document.getElementById("replay").addEventListener("click", replay);
  document.getElementById("clear").addEventListener("click", () => {
    grid.walkable.fill(1);
    grid.terrain.fill(1);
    update(false);
  });
  document.getElementById("reset").addEventListener("click", () => {
    grid.walkable = example.walkable.slice();
    grid.terrain.fill(1);
    grid.start = defaultStart.slice();
    grid.goal = defaultGoal.slice();
    update(false);
  });

  // Tabs; the address #polygons opens the polygon tab.
  const showTab = (tab) => {
    for (const other of document.querySelectorAll("[data-tab]")) {
      other.setAttribute("aria-selected", String(other === tab));
      document.getElementById(other.dataset.tab).hidden = other !== tab;
    }
  };
  for (const tab of document.querySelectorAll("[data-tab]"))
    tab.addEventListener("click", () => showTab(tab));
  if (location.hash === "#polygons") showTab(document.querySelector("[data-tab=plane-tab]"));

  draw();
  window.playground.modulePromise.then((module) => {
    pathkit = module;
    update(false);
    const result = view.result;
    // The example grid's cost and expansions also at the top, the fields a test reads first.
    report.cost = result.cost;
    report.expanded = result.expansions.length / 2;
    // And by every search of the menu, for the test to ask the CLI the same.
    const searches = {};
    for (const option of controls.algorithm.options) {
      controls.algorithm.value = option.value;
      const answer = solve();
      searches[option.value] = { status: answer.status, cost: answer.cost,
                                 expanded: answer.expansions.length / 2 };
    }
    controls.algorithm.value = "astar";
    window.playground.solved("grid", {
      status: result.status,
      cost: result.cost,
      expanded: result.expansions.length / 2,
      path_tiles: result.path.length / 2,
      milliseconds: result.milliseconds,
      algorithm: controls.algorithm.value,
      searches,
      diagonal: diagonalNames[Number(controls.diagonal.value)],
      start: grid.start,
      goal: grid.goal,
      map: { width: grid.width, height: grid.height },
    });
  }).catch(window.playground.failed);
})();
