(function () {
"use strict";
const COLORS = { dark: "@dark@", lit: "@lit@", fresh: "@new@", track: "@track@" };
const MIN_CELL_PX = 3, MAX_CELL_PX = 400;
// A cell's rough edges in metres, said in the page's units (Scripts/units.js) when it has them.
const CELL_M = { 5: [4900], 6: [1200, 600], 7: [150] }, U = window.RoamUnits;
function cellSize(p) {
  return "~" + CELL_M[p].map(function (m) { return p === 7 ? (U ? U.text(m, "length", 0) : m + " m") : (U ? U.text(m, "distance", 1) : (m / 1000).toFixed(1) + " km"); }).join(" × ");
}
const t0 = performance.now();
const data = JSON.parse(document.getElementById("explored-data").textContent);
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const GEOHASH = "0123456789bcdefghjkmnpqrstuvwxyz";
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

// ExploredNumberText: base-32 digits, the last one of each number from the lower half.
function numbers(text) {
  const out = [];
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i), d = c < 128 ? DIGIT[c] : -1;
    if (d < 0) throw new Error("explored page: unexpected character in the cell data: " + text[i]);
    if (d >= 32) { v = v * 32 + (d - 32); } else { out.push(v * 32 + d); v = 0; }
  }
  return out;
}
// ExploredCellRuns: pairs of (gap since the previous run, run length less one).
function runs(text) {
  const n = numbers(text);
  let total = 0;
  for (let i = 1; i < n.length; i += 2) total += n[i] + 1;
  const cells = new Float64Array(total);
  let next = 0, k = 0;
  for (let i = 0; i + 1 < n.length; i += 2) {
    const start = next + n[i], end = start + n[i + 1];
    for (let c = start; c <= end; c++) cells[k++] = c;
    next = end + 1;
  }
  return cells;
}
// A sorted cell list one character coarser: the integer over 32, neighbours merged.
function parents(cells) {
  const out = [];
  let last = -1;
  for (let i = 0; i < cells.length; i++) { const p = Math.floor(cells[i] / 32); if (p !== last) { out.push(p); last = p; } }
  return Float64Array.from(out);
}
function geohashText(cell, p) {
  let s = "";
  for (let j = 0; j < p; j++) { s = GEOHASH[cell % 32] + s; cell = Math.floor(cell / 32); }
  return s;
}
// One base-32 digit de-interleaved: at an even character its bits are lon lat lon lat lon,
// at an odd one lat lon lat lon lat.
const THREE = new Uint8Array(32), TWO = new Uint8Array(32);
for (let d = 0; d < 32; d++) {
  THREE[d] = ((d >> 4) & 1) << 2 | ((d >> 2) & 1) << 1 | (d & 1);
  TWO[d] = ((d >> 3) & 1) << 1 | ((d >> 1) & 1);
}
function level(cells, p) {
  const lonBits = 3 * Math.ceil(p / 2) + 2 * Math.floor(p / 2), latBits = 5 * p - lonBits;
  const L = { p: p, cells: cells, w: 360 / Math.pow(2, lonBits), h: 180 / Math.pow(2, latBits),
              lon: new Float64Array(cells.length), lat: new Float64Array(cells.length) };
  for (let i = 0; i < cells.length; i++) {
    // Up to 35 bits: the last four characters (20 bits) and the rest, each small enough for integer operations.
    const hi = Math.floor(cells[i] / 1048576), lo = cells[i] - hi * 1048576;
    let lon = 0, lat = 0;
    for (let j = 0; j < p; j++) {
      const d = j < p - 4 ? (hi >> (5 * (p - 5 - j))) & 31 : (lo >> (5 * (p - 1 - j))) & 31;
      if (j % 2 === 0) { lon = (lon << 3) | THREE[d]; lat = (lat << 2) | TWO[d]; } else { lat = (lat << 3) | THREE[d]; lon = (lon << 2) | TWO[d]; }
    }
    L.lon[i] = -180 + lon * L.w;
    L.lat[i] = -90 + lat * L.h;
  }
  return L;
}

const cells7 = runs(data.cells7), cells6 = parents(cells7), cells5 = parents(cells6);
const levels = { 5: level(cells5, 5), 6: level(cells6, 6), 7: level(cells7, 7) };
const marked = data.highlight ? { 5: level(runs(data.highlight["5"]), 5), 6: level(runs(data.highlight["6"]), 6),
                                  7: level(runs(data.highlight["7"]), 7) } : null;

// The centre longitude: opposite the widest band of longitudes holding no cell.
function centreLongitude(L) {
  const xs = Array.from(new Set(L.lon)).sort(function (a, b) { return a - b; });
  if (xs.length === 0) return 0;
  let best = xs[0] + 360 - (xs[xs.length - 1] + L.w), seam = xs[xs.length - 1] + L.w + best / 2;
  for (let i = 0; i + 1 < xs.length; i++) {
    const gap = xs[i + 1] - (xs[i] + L.w);
    if (gap > best) { best = gap; seam = xs[i] + L.w + gap / 2; }
  }
  return seam + 180 >= 180 ? seam - 180 : seam + 180;
}
const centre = centreLongitude(levels[5]);
let minLat = 90, maxLat = -90;
for (let i = 0; i < levels[5].lat.length; i++) { minLat = Math.min(minLat, levels[5].lat[i]); maxLat = Math.max(maxLat, levels[5].lat[i] + levels[5].h); }
const kx = cells5.length ? Math.max(0.05, Math.cos((minLat + maxLat) / 2 * Math.PI / 180)) : 1;
function relLon(lon) { return ((lon - centre + 540) % 360) - 180; }
function project(L) {
  L.X = new Float64Array(L.lon.length); L.Y = new Float64Array(L.lat.length);
  for (let i = 0; i < L.X.length; i++) { L.X[i] = relLon(L.lon[i]) * kx; L.Y[i] = -(L.lat[i] + L.h); }
  L.W = L.w * kx; L.H = L.h;
}
for (const p of [5, 6, 7]) { project(levels[p]); if (marked) project(marked[p]); }

// With Leaflet (Scripts/explored-map.js draws the map then) the tracks keep their degrees too.
const leafletOn = !!(window.L && document.getElementById("explored-leaflet"));
const tracks = data.tracks.map(function (t) {
  const degrees = [];
  return { ride: t.ride, degrees: degrees, segments: t.segments.map(function (text) {
    const n = numbers(text), xy = new Float64Array(n.length), ll = [];
    let lat = 0, lon = 0;
    for (let i = 0; i + 1 < n.length; i += 2) {
      lat += unzig(n[i]); lon += unzig(n[i + 1]);
      xy[i] = relLon(lon / 1e5) * kx; xy[i + 1] = -lat / 1e5;
      if (leafletOn) ll.push([lat / 1e5, lon / 1e5]);
    }
    degrees.push(ll);
    return xy;
  }) };
});
function unzig(v) { return v % 2 === 1 ? -(v + 1) / 2 : v / 2; }
const decodeMs = performance.now() - t0;

const canvas = document.getElementById("map"), ctx = canvas.getContext("2d");
const statusLine = document.getElementById("map-status"), tracksBox = document.getElementById("show-tracks");
const view = { s: 1, ox: 0, oy: 0, w: 0, h: 0, precision: 7 };
const drawn = { cells: 0, marked: 0, segments: 0, ms: 0, count: 0 };
const L7 = levels[7];
const sMax = MAX_CELL_PX / Math.min(L7.W, L7.H);
function sMin() { return Math.min(view.w / (360 * kx), view.h / 180) / 2; }
function precisionFor(s) {
  for (const p of [7, 6]) { if (Math.min(levels[p].W, levels[p].H) * s >= MIN_CELL_PX) return p; }
  return 5;
}
function setScale(s) { view.s = Math.min(sMax, Math.max(sMin(), s)); view.precision = precisionFor(view.s); }
function fit() {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < L7.X.length; i++) {
    x0 = Math.min(x0, L7.X[i]); x1 = Math.max(x1, L7.X[i] + L7.W); y0 = Math.min(y0, L7.Y[i]); y1 = Math.max(y1, L7.Y[i] + L7.H);
  }
  if (!isFinite(x0)) { x0 = -180 * kx; x1 = 180 * kx; y0 = -90; y1 = 90; }
  setScale(0.9 * Math.min(view.w / (x1 - x0), view.h / (y1 - y0)));
  view.ox = view.w / 2 - (x0 + x1) / 2 * view.s; view.oy = view.h / 2 - (y0 + y1) / 2 * view.s;
}
function resize() {
  const r = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
  const cx = view.w ? (view.w / 2 - view.ox) / view.s : null, cy = view.w ? (view.h / 2 - view.oy) / view.s : null;
  view.w = Math.max(1, r.width); view.h = Math.max(1, r.height);
  canvas.width = Math.round(view.w * dpr); canvas.height = Math.round(view.h * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  if (cx === null) { fit(); } else { setScale(view.s); view.ox = view.w / 2 - cx * view.s; view.oy = view.h / 2 - cy * view.s; }
}
function cellsPath(L) {
  const s = view.s, w = L.W * s, h = L.H * s;
  let n = 0;
  ctx.beginPath();
  for (let i = 0; i < L.X.length; i++) {
    const x = view.ox + L.X[i] * s, y = view.oy + L.Y[i] * s;
    if (x > view.w || y > view.h || x + w < 0 || y + h < 0) continue;
    // Whole pixels, at least one: neighbouring cells meet without a seam, and far-off cells still show.
    const xa = Math.floor(x), ya = Math.floor(y);
    ctx.rect(xa, ya, Math.max(1, Math.ceil(x + w) - xa), Math.max(1, Math.ceil(y + h) - ya));
    n++;
  }
  return n;
}
function graticule() {
  const steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];
  const step = steps.find(function (d) { return d * view.s >= 90; }) || 30;
  const xr = [-view.ox / view.s / kx, (view.w - view.ox) / view.s / kx], yr = [-(view.h - view.oy) / view.s, view.oy / view.s];
  ctx.strokeStyle = "rgba(255,255,255,0.07)"; ctx.lineWidth = 1; ctx.beginPath();
  for (let a = Math.ceil((xr[0] + centre) / step) * step; a - centre <= xr[1]; a += step) {
    const x = Math.round(view.ox + (a - centre) * kx * view.s) + 0.5; ctx.moveTo(x, 0); ctx.lineTo(x, view.h);
  }
  for (let lat = Math.max(-90, Math.ceil(yr[0] / step) * step); lat <= Math.min(90, yr[1]); lat += step) {
    const y = Math.round(view.oy - lat * view.s) + 0.5; ctx.moveTo(0, y); ctx.lineTo(view.w, y);
  }
  ctx.stroke();
}
function strokeTrack(t) {
  for (const xy of t.segments) {
    ctx.beginPath();
    for (let i = 0; i < xy.length; i += 2) {
      const x = view.ox + xy[i] * view.s, y = view.oy + xy[i + 1] * view.s;
      if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    ctx.stroke();
    drawn.segments++;
  }
}
function draw() {
  if (leafletOn) return;
  const start = performance.now();
  ctx.fillStyle = COLORS.dark; ctx.fillRect(0, 0, view.w, view.h);
  graticule();
  const p = view.precision;
  drawn.cells = cellsPath(levels[p]); ctx.fillStyle = COLORS.lit; ctx.fill();
  drawn.marked = 0;
  if (marked) { drawn.marked = cellsPath(marked[p]); ctx.fillStyle = COLORS.fresh; ctx.fill(); }
  if (window.RoamExplorerTiles) RoamExplorerTiles.draw(ctx, function (lat, lon) { return [view.ox + relLon(lon) * kx * view.s, view.oy - lat * view.s]; }, view.w, view.h);
  drawn.segments = 0;
  if (tracksBox.checked) {
    ctx.lineJoin = "round"; ctx.strokeStyle = COLORS.track; ctx.lineWidth = 1;
    for (const t of tracks) if (!marked || t.ride !== data.highlight.ride) strokeTrack(t);
    ctx.lineWidth = 2.5;
    for (const t of tracks) if (marked && t.ride === data.highlight.ride) strokeTrack(t);
  }
  drawn.ms = performance.now() - start; drawn.count++;
  document.getElementById("precision").textContent = String(p);
  document.getElementById("cell-size").textContent = cellSize(p);
  statusLine.textContent = levels[7].cells.length === 0 ? "No explored cells to draw."
    : "precision " + p + ": " + drawn.cells + " of " + levels[p].cells.length + " cells in view" + (marked ? ", " + drawn.marked + " first visited by ride " + data.highlight.ride : "");
}
let pending = false;
function request() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; draw(); }); } }
function zoomAt(x, y, factor) {
  const before = view.s;
  setScale(view.s * factor);
  view.ox = x - (x - view.ox) * view.s / before; view.oy = y - (y - view.oy) * view.s / before;
  request();
}
function pan(dx, dy) { view.ox += dx; view.oy += dy; request(); }

// Pointer events: one pointer pans, two pinch (zoom about their midpoint and follow it).
const pointers = new Map();
function local(e) { const r = canvas.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; }
function gesture() {
  const ps = Array.from(pointers.values());
  if (ps.length < 2) return { x: ps[0][0], y: ps[0][1], d: 0 };
  return { x: (ps[0][0] + ps[1][0]) / 2, y: (ps[0][1] + ps[1][1]) / 2, d: Math.hypot(ps[0][0] - ps[1][0], ps[0][1] - ps[1][1]) };
}
canvas.addEventListener("pointerdown", function (e) {
  try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* a pointer the browser no longer tracks */ }
  pointers.set(e.pointerId, local(e)); canvas.classList.add("dragging"); e.preventDefault();
});
canvas.addEventListener("pointermove", function (e) {
  if (!pointers.has(e.pointerId)) return;
  const before = gesture(); pointers.set(e.pointerId, local(e)); const after = gesture();
  pan(after.x - before.x, after.y - before.y);
  if (pointers.size >= 2 && before.d > 0 && after.d > 0) zoomAt(after.x, after.y, after.d / before.d);
});
function lift(e) { pointers.delete(e.pointerId); if (pointers.size === 0) canvas.classList.remove("dragging"); }
canvas.addEventListener("pointerup", lift); canvas.addEventListener("pointercancel", lift);
canvas.addEventListener("wheel", function (e) {
  e.preventDefault();
  const p = local(e), dy = e.deltaY * (e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? view.h : 1);
  zoomAt(p[0], p[1], Math.exp(-dy * 0.002));
}, { passive: false });
document.getElementById("zoom-in").addEventListener("click", function () { zoomAt(view.w / 2, view.h / 2, 2); });
document.getElementById("zoom-out").addEventListener("click", function () { zoomAt(view.w / 2, view.h / 2, 0.5); });
document.getElementById("fit").addEventListener("click", function () { fit(); request(); });
tracksBox.addEventListener("change", request);
if (U) U.onChange(request);
window.addEventListener("resize", function () { resize(); request(); });

resize();
draw();
function find(g) {
  const L = levels[g.length], i = L ? L.cells.indexOf(g.split("").reduce(function (v, ch) { return v * 32 + GEOHASH.indexOf(ch); }, 0)) : -1;
  return i < 0 ? null : { L: L, i: i };
}
function count(m) { return m ? { 5: m[5].cells.length, 6: m[6].cells.length, 7: m[7].cells.length } : null; }
window.explored = {
  counts: count(levels), marked: count(marked), ride: data.highlight ? data.highlight.ride : null,
  tracks: tracks.length, centreLongitude: centre, decodeMs: decodeMs, firstDrawMs: drawn.ms, view: view, drawn: drawn,
  cells: function (p) { return Array.from(levels[p].cells, function (c) { return geohashText(c, p); }); },
  markedCells: function (p) { return marked ? Array.from(marked[p].cells, function (c) { return geohashText(c, p); }) : []; },
  redraw: draw, colors: COLORS, cellSize: cellSize, levels: levels, markedLevels: marked, trackList: tracks,
  // A drawn cell by its geohash, for the tests: its bounds, its box on screen, the colour at its centre.
  bounds: function (g) { const f = find(g); return f && [f.L.lat[f.i], f.L.lat[f.i] + f.L.h, f.L.lon[f.i], f.L.lon[f.i] + f.L.w]; },
  box: function (g) { const f = find(g); return f && [view.ox + f.L.X[f.i] * view.s, view.oy + f.L.Y[f.i] * view.s, f.L.W * view.s, f.L.H * view.s]; },
  pixelAt: function (g) {
    const b = this.box(g), dpr = window.devicePixelRatio || 1;
    return b && Array.from(ctx.getImageData(Math.floor((b[0] + b[2] / 2) * dpr), Math.floor((b[1] + b[3] / 2) * dpr), 1, 1).data.slice(0, 3));
  },
  // Benchmark: mean milliseconds of `frames` synchronous redraws while panning.
  benchPan: function (frames) {
    const start = performance.now();
    for (let i = 0; i < frames; i++) { view.ox += 7; view.oy -= 3; draw(); }
    return (performance.now() - start) / frames;
  },
};
})();
