// The playground's polygon tab: boxes and polygons in an open world, the start and the goal
// dragged around them, paths by pathkit's visibility graph or navigation mesh, replayed.
"use strict";
(function () {
  const scene = JSON.parse(document.getElementById("default-scene").textContent);
  const [[minX, minY], [maxX, maxY]] = scene.bounds;
  const speeds = [1, 3, 10, 40, Infinity];
  const speedNames = ["1 a frame", "3 a frame", "10 a frame", "40 a frame", "at once"];
  const modeNames = ["visibility", "navmesh", "funnel"];
  const world = {
    polygons: scene.obstacles.map((obstacle) => obstacle.polygon.map((p) => p.slice())),
    start: scene.queries[0].from.slice(),
    goal: scene.queries[0].to.slice(),
  };
  const view = { tool: "box", result: null, shown: 0, dragging: null, box: null };
  const canvas = document.getElementById("plane");
  const context = canvas.getContext("2d");
  const scale = canvas.width / (maxX - minX);
  canvas.height = Math.round((maxY - minY) * scale);
  const controls = {
    mode: document.getElementById("plane-mode"),
    radius: document.getElementById("plane-radius"),
    speed: document.getElementById("plane-speed"),
    lines: document.getElementById("plane-lines"),
  };
  controls.radius.value = String(scene.buffer_radius);
  let pathkit = null;

  // World units (y up) to canvas pixels (y down) and back.
  const toCanvas = (x, y) => [(x - minX) * scale, (maxY - y) * scale];
  const toWorld = (event) => {
    const box = canvas.getBoundingClientRect();
    const px = (event.clientX - box.left) / box.width * canvas.width;
    const py = (event.clientY - box.top) / box.height * canvas.height;
    return [minX + px / scale, maxY - py / scale];
  };

  function readFloats(address, count) {
    return Array.from(pathkit.HEAPF32.subarray(address / 4, address / 4 + count));
  }

  /** Asks pathkit for the path around the current polygons by the mode `mode`. */
  function solve(mode) {
    const corners = world.polygons.flat(2);
    const points = pathkit._malloc(4 * Math.max(1, corners.length));
    pathkit.HEAPF32.set(corners, points / 4);
    const counts = pathkit._malloc(4 * Math.max(1, world.polygons.length));
    pathkit.HEAP32.set(world.polygons.map((polygon) => polygon.length), counts / 4);
    pathkit._playground_plane_solve(minX, minY, maxX, maxY, Number(controls.radius.value), points,
                                    counts, world.polygons.length, world.start[0], world.start[1],
                                    world.goal[0], world.goal[1], mode);
    pathkit._free(points);
    pathkit._free(counts);
    return {
      status: pathkit.UTF8ToString(pathkit._playground_plane_status()),
      message: pathkit.UTF8ToString(pathkit._playground_plane_message()),
      cost: pathkit._playground_plane_cost(),
      milliseconds: pathkit._playground_plane_milliseconds(),
      expanded: pathkit._playground_plane_expanded(),
      path: readFloats(pathkit._playground_plane_path(), 2 * pathkit._playground_plane_path_length()),
      expansions: readFloats(pathkit._playground_plane_expansions(),
                             2 * pathkit._playground_plane_expansion_count()),
      lines: readFloats(pathkit._playground_plane_lines(), 4 * pathkit._playground_plane_line_count()),
    };
  }

  function showNumbers(result) {
    const found = result.status === "found";
    document.getElementById("plane-status").textContent =
      found ? "found" : `${result.status.replace("_", " ")}: ${result.message}`;
    document.getElementById("plane-cost").textContent = found ? result.cost.toFixed(3) : "-";
    document.getElementById("plane-expanded").textContent = String(result.expanded);
    document.getElementById("plane-time").textContent = `${result.milliseconds.toFixed(3)} ms`;
  }

  function polygonPath(points) {
    context.beginPath();
    points.forEach(([x, y], index) => {
      const [px, py] = toCanvas(x, y);
      if (index === 0) context.moveTo(px, py); else context.lineTo(px, py);
    });
    context.closePath();
  }

  function draw() {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    const result = view.result;
    if (result && controls.lines.checked) {
      context.strokeStyle = "#c9d3e3";
      context.lineWidth = 1;
      context.beginPath();
      for (let line = 0; line < result.lines.length; line += 4) {
        const [ax, ay] = toCanvas(result.lines[line], result.lines[line + 1]);
        const [bx, by] = toCanvas(result.lines[line + 2], result.lines[line + 3]);
        context.moveTo(ax, ay);
        context.lineTo(bx, by);
      }
      context.stroke();
    }
    context.fillStyle = "#2b2f3a";
    for (const polygon of world.polygons) { polygonPath(polygon); context.fill(); }
    if (view.box) {
      context.strokeStyle = "#2d6cdf";
      context.setLineDash([5, 4]);
      polygonPath(boxCorners(view.box));
      context.stroke();
      context.setLineDash([]);
    }
    const total = result ? result.expansions.length / 2 : 0;
    if (result) {
      context.fillStyle = "#2d6cdf";
      for (let step = 0; step < Math.min(view.shown, total); step++) {
        const [x, y] = toCanvas(result.expansions[2 * step], result.expansions[2 * step + 1]);
        context.beginPath();
        context.arc(x, y, 3.5, 0, 2 * Math.PI);
        context.fill();
      }
    }
    if (result && view.shown >= total && result.path.length >= 4) {
      context.strokeStyle = "#d7263d";
      context.lineWidth = 3;
      context.lineJoin = "round";
      context.beginPath();
      for (let corner = 0; corner < result.path.length; corner += 2) {
        const [x, y] = toCanvas(result.path[corner], result.path[corner + 1]);
        if (corner === 0) context.moveTo(x, y); else context.lineTo(x, y);
      }
      context.stroke();
    }
    for (const [point, colour] of [[world.start, "#1f9d55"], [world.goal, "#e07b00"]]) {
      const [x, y] = toCanvas(point[0], point[1]);
      context.fillStyle = colour;
      context.beginPath();
      context.arc(x, y, 7, 0, 2 * Math.PI);
      context.fill();
    }
  }

  const replayer = window.playground.makeReplayer(view, draw,
                                                   () => speeds[Number(controls.speed.value)]);
  const replay = replayer.replay;
  function update(atOnce) {
    if (!pathkit) return;
    view.result = solve(Number(controls.mode.value));
    showNumbers(view.result);
    if (atOnce) replayer.showAll(); else replayer.replay();
  }

  function boxCorners([[ax, ay], [bx, by]]) {
    const [left, right] = [Math.min(ax, bx), Math.max(ax, bx)];
    const [bottom, top] = [Math.min(ay, by), Math.max(ay, by)];
    return [[left, bottom], [right, bottom], [right, top], [left, top]];
  }
  /** Whether a point lies inside a polygon (even-odd rule). */
  function inside([x, y], polygon) {
    let crossings = 0;
    for (let index = 0, last = polygon.length - 1; index < polygon.length; last = index++) {
      const [ax, ay] = polygon[index], [bx, by] = polygon[last];
      if ((ay > y) !== (by > y) && x < (bx - ax) * (y - ay) / (by - ay) + ax) crossings++;
    }
    return crossings % 2 === 1;
  }
  const near = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]) * scale < 10;

  canvas.addEventListener("pointerdown", (event) => {
    const at = toWorld(event);
    canvas.setPointerCapture(event.pointerId);
    if (near(at, world.start)) view.dragging = "start";
    else if (near(at, world.goal)) view.dragging = "goal";
    else if (view.tool === "erase") {
      const hit = world.polygons.findIndex((polygon) => inside(at, polygon));
      if (hit >= 0) { world.polygons.splice(hit, 1); update(false); }
    } else {
      view.box = [at, at];
    }
  });
  canvas.addEventListener("pointermove", (event) => {
    const at = toWorld(event).map((value, axis) =>
      Math.min(Math.max(value, axis ? minY : minX), axis ? maxY : maxX));
    if (view.dragging) {
      world[view.dragging] = at;
      update(true);
    } else if (view.box) {
      view.box[1] = at;
      draw();
    }
  });
  const release = () => {
    if (view.box) {
      const [[ax, ay], [bx, by]] = view.box;
      if (Math.abs(ax - bx) > 0.5 && Math.abs(ay - by) > 0.5) world.polygons.push(boxCorners(view.box));
      view.box = null;
      update(false);
    } else if (view.dragging) {
      replay();
    }
    view.dragging = null;
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  window.playground.bindTools("plane-tool", (tool) => { view.tool = tool; });
  const showLabels = () => {
    document.getElementById("radius-label").textContent = `${controls.radius.value} units`;
    document.getElementById("plane-speed-label").textContent = speedNames[Number(controls.speed.value)];
  };
  controls.radius.addEventListener("input", () => { showLabels(); update(true); });
  controls.speed.addEventListener("input", showLabels);
  showLabels();
  controls.mode.addEventListener("change", () => update(false));
  controls.lines.addEventListener("change", draw);
  document.getElementById("plane-replay").addEventListener("click", replay);
  document.getElementById("plane-clear").addEventListener("click", () => {
    world.polygons = [];
    update(false);
  });
  document.getElementById("plane-reset").addEventListener("click", () => {
    world.polygons = scene.obstacles.map((obstacle) => obstacle.polygon.map((p) => p.slice()));
    world.start = scene.queries[0].from.slice();
    world.goal = scene.queries[0].to.slice();
    controls.radius.value = String(scene.buffer_radius);
    showLabels();
    update(false);
  });

  draw();
  window.playground.modulePromise.then((module) => {
    pathkit = module;
    // The example query by every mode, for the report; the page then shows the first.
    const figures = { start: world.start, goal: world.goal, radius: scene.buffer_radius };
    modeNames.forEach((name, mode) => {
      const result = solve(mode);
      figures[name] = { status: result.status, cost: result.cost, expanded: result.expanded,
                        recorded: result.expansions.length / 2 };
    });
    update(false);
    window.playground.solved("plane", figures);
  }).catch(window.playground.failed);
})();
