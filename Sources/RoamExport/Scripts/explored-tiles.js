// Explorer tiles on the explored page (ExploredTilesSection): decodes each zoom's visited tiles and
// its max cluster (runs of tile integers y·2^zoom + x, as ExploredCellRuns writes them) and draws
// them on whichever map the page has: the canvas map (Scripts/explored.js) and the Leaflet map
// (Scripts/explored-map.js) both call draw(ctx, toPoint, width, height) with their own projection.
// Each zoom is a layer its checkbox switches; the max cluster's tiles are filled darker and the max
// square outlined, each switchable too. `drawn` says what the last frame drew, for the tests.
var RoamExplorerTiles = (function () {
  "use strict";
  var source = document.getElementById("explored-tiles");
  if (!source) return null;
  var COLORS = { 14: "@tile14@", 17: "@tile17@", cluster: "@cluster@", square: "@square@" };
  var ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  var DIGIT = {};
  for (var i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET[i]] = i;

  // ExploredNumberText: base-32 digits, the last one of each number from the lower half.
  function numbers(text) {
    var out = [], v = 0;
    for (var i = 0; i < text.length; i++) {
      var d = DIGIT[text[i]];
      if (d === undefined) throw new Error("explored page: unexpected character in the tile data: " + text[i]);
      if (d >= 32) { v = v * 32 + (d - 32); } else { out.push(v * 32 + d); v = 0; }
    }
    return out;
  }
  // ExploredCellRuns over tile integers: (gap since the previous run, run length less one) pairs.
  function tiles(text, span) {
    var n = numbers(text), xs = [], ys = [], next = 0;
    for (var i = 0; i + 1 < n.length; i += 2) {
      var start = next + n[i], end = start + n[i + 1];
      for (var t = start; t <= end; t++) { var y = Math.floor(t / span); ys.push(y); xs.push(t - y * span); }
      next = end + 1;
    }
    return { x: xs, y: ys };
  }
  // Web Mercator: a row's north edge and a column's west edge, in degrees.
  function rowLat(y, span) { return Math.atan(Math.sinh(Math.PI * (1 - 2 * y / span))) * 180 / Math.PI; }
  function colLon(x, span) { return x / span * 360 - 180; }

  var layers = JSON.parse(source.textContent).map(function (d) {
    var span = Math.pow(2, d.zoom);
    return { zoom: d.zoom, span: span, all: tiles(d.tiles, span), cluster: tiles(d.cluster, span),
             square: { west: d.square[0], north: d.square[1], side: d.square[2] },
             scores: { tiles: d.scores[0], maxSquare: d.scores[1], maxCluster: d.scores[2] },
             box: document.getElementById("tiles-" + d.zoom) };
  });
  var clusterBox = document.getElementById("tiles-cluster"), squareBox = document.getElementById("tiles-square");
  var statusLine = document.getElementById("tiles-status");
  var drawn = {};

  // One path for the whole set: neighbouring tiles meet on whole pixels and a translucent colour is
  // laid once, without darker seams. Returns how many tiles were in view (each one rectangle).
  function fillTiles(ctx, toPoint, L, set, colour, width, height) {
    var n = 0;
    ctx.beginPath();
    for (var i = 0; i < set.x.length; i++) {
      var a = toPoint(rowLat(set.y[i], L.span), colLon(set.x[i], L.span));
      var b = toPoint(rowLat(set.y[i] + 1, L.span), colLon(set.x[i] + 1, L.span));
      if (a[0] > width || a[1] > height || b[0] < 0 || b[1] < 0) continue;
      var x = Math.floor(a[0]), y = Math.floor(a[1]);
      ctx.rect(x, y, Math.max(1, Math.ceil(b[0]) - x), Math.max(1, Math.ceil(b[1]) - y));
      n++;
    }
    ctx.fillStyle = colour;
    ctx.fill();
    return n;
  }
  function outlineSquare(ctx, toPoint, L) {
    var s = L.square, a = toPoint(rowLat(s.north, L.span), colLon(s.west, L.span));
    var b = toPoint(rowLat(s.north + s.side, L.span), colLon(s.west + s.side, L.span));
    var oneTile = toPoint(rowLat(s.north, L.span), colLon(s.west + 1, L.span));
    ctx.strokeStyle = COLORS.square; ctx.lineWidth = 2.5;
    ctx.strokeRect(a[0], a[1], b[0] - a[0], b[1] - a[1]);
    // The outline's width in pixels beside one tile's: their ratio is the side in tiles.
    return { side: s.side, px: [b[0] - a[0], b[1] - a[1]], tilePx: oneTile[0] - a[0] };
  }
  function draw(ctx, toPoint, width, height) {
    var words = [];
    layers.forEach(function (L) {
      if (!L.box || !L.box.checked) { drawn[L.zoom] = null; return; }
      var d = drawn[L.zoom] = { tiles: fillTiles(ctx, toPoint, L, L.all, COLORS[L.zoom], width, height), cluster: 0, square: null };
      if (clusterBox.checked) d.cluster = fillTiles(ctx, toPoint, L, L.cluster, COLORS.cluster, width, height);
      if (squareBox.checked && L.square.side > 0) d.square = outlineSquare(ctx, toPoint, L);
      words.push("zoom " + L.zoom + ": " + d.tiles + " of " + L.scores.tiles + " tiles in view");
    });
    if (statusLine) statusLine.textContent = words.join(" · ");
    return drawn;
  }
  // The map that is there redraws (Leaflet's when the page has it, else the canvas).
  function redrawMap() {
    var E = window.explored;
    if (E && E.leaflet) E.leaflet.redraw(); else if (E) E.redraw();
  }
  layers.forEach(function (L) { if (L.box) L.box.addEventListener("change", redrawMap); });
  [clusterBox, squareBox].forEach(function (b) { if (b) b.addEventListener("change", redrawMap); });
  return { layers: layers, drawn: drawn, draw: draw, redraw: redrawMap, colors: COLORS };
})();
