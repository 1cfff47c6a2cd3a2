// The explored map on Leaflet (inlined from Debian's libjs-leaflet) when the page has it: the
// cells drawn by a canvas layer at precision 5, 6 or 7 by zoom (the canvas map's rule: a cell at
// least 3 px), the cells one ride visited first, the tracks as a layer the checkbox switches, the
// base map on request. At load the view fits the largest group of explored ground (rides on three
// continents are not three specks); "Fit all rides" shows every one. Without Leaflet the canvas
// map of Scripts/explored.js draws instead.
(function () {
  "use strict";
  var box = document.getElementById("explored-leaflet"), E = window.explored;
  if (!box || !window.L || !E) return;
  document.body.classList.add("leaflet-on");
  box.removeAttribute("hidden");
  box.style.background = E.colors.dark;
  var statusLine = document.getElementById("map-status"), tracksBox = document.getElementById("show-tracks");
  var map = L.map(box, { preferCanvas: true });
  if (window.RoamUnits) RoamUnits.scaleBar(map); else L.control.scale({ imperial: false }).addTo(map);
  var shown = { precision: 7, cells: 0, marked: 0 };

  function precisionAt() {
    var c = map.getCenter();
    for (var p = 7; p >= 6; p--) {
      var lv = E.levels[p], a = map.latLngToContainerPoint([c.lat, c.lng]), b = map.latLngToContainerPoint([c.lat + lv.h, c.lng + lv.w]);
      if (Math.min(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) >= 3) return p;
    }
    return 5;
  }
  function fill(ctx, lv, color, view) {
    var n = 0;
    ctx.fillStyle = color;
    for (var i = 0; i < lv.lat.length; i++) {
      var s = lv.lat[i], w = lv.lon[i];
      if (s > view.getNorth() || s + lv.h < view.getSouth() || w > view.getEast() || w + lv.w < view.getWest()) continue;
      var a = map.latLngToContainerPoint([s + lv.h, w]), b = map.latLngToContainerPoint([s, w + lv.w]);
      var x = Math.floor(a.x), y = Math.floor(a.y);
      ctx.fillRect(x, y, Math.max(1, Math.ceil(b.x) - x), Math.max(1, Math.ceil(b.y) - y));
      n++;
    }
    return n;
  }
  var Cells = L.Layer.extend({
    onAdd: function (m) {
      this._canvas = L.DomUtil.create("canvas", "explored-cells leaflet-zoom-hide", m.getPane("overlayPane"));
      m.on("moveend zoomend resize viewreset", this.redraw, this);
      this.redraw();
    },
    onRemove: function (m) { L.DomUtil.remove(this._canvas); m.off("moveend zoomend resize viewreset", this.redraw, this); },
    redraw: function () {
      var size = map.getSize(), dpr = window.devicePixelRatio || 1, canvas = this._canvas;
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      canvas.width = Math.round(size.x * dpr); canvas.height = Math.round(size.y * dpr);
      canvas.style.width = size.x + "px"; canvas.style.height = size.y + "px";
      var ctx = canvas.getContext("2d"), view = map.getBounds(), p = precisionAt();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      shown.precision = p;
      shown.cells = fill(ctx, E.levels[p], E.colors.lit, view);
      shown.marked = E.markedLevels ? fill(ctx, E.markedLevels[p], E.colors.fresh, view) : 0;
      if (window.RoamExplorerTiles) {
        RoamExplorerTiles.draw(ctx, function (lat, lon) { var q = map.latLngToContainerPoint([lat, lon]); return [q.x, q.y]; }, size.x, size.y);
      }
      // A group smaller than a few pixels (the far-off ones when all are shown) gets a ring, not a speck.
      ctx.strokeStyle = E.colors.lit; ctx.lineWidth = 2;
      (found || []).forEach(function (g) {
        var a = map.latLngToContainerPoint(g.bounds.getNorthWest()), b = map.latLngToContainerPoint(g.bounds.getSouthEast());
        if (b.x - a.x < 8 && b.y - a.y < 8) { ctx.beginPath(); ctx.arc((a.x + b.x) / 2, (a.y + b.y) / 2, 6, 0, 2 * Math.PI); ctx.stroke(); }
      });
      document.getElementById("precision").textContent = String(p);
      document.getElementById("cell-size").textContent = E.cellSize(p);
      statusLine.textContent = E.levels[7].lat.length === 0 ? "No explored cells to draw."
        : "precision " + p + ": " + shown.cells + " of " + E.levels[p].lat.length + " cells in view"
          + (E.markedLevels ? ", " + shown.marked + " first visited by ride " + E.ride : "")
          + (found && found.length > 1 ? " · " + found.length + " areas apart: “Fit all rides” shows them all" : "");
    }
  });
  var cells = new Cells().addTo(map);
  if (window.RoamUnits) RoamUnits.onChange(function () { cells.redraw(); });
  var tracks = L.layerGroup();
  E.trackList.forEach(function (t) {
    var mine = E.ride !== null && t.ride === E.ride;
    t.degrees.forEach(function (seg) {
      if (seg.length) tracks.addLayer(L.polyline(seg, { color: E.colors.track, weight: mine ? 2.5 : 1, interactive: false }));
    });
  });
  function showTracks() { if (tracksBox.checked) tracks.addTo(map); else map.removeLayer(tracks); }
  tracksBox.addEventListener("change", showTracks);
  showTracks();

  // Groups of explored ground: precision-5 cells (about 5 km) joined when their 2° squares touch,
  // weighed by their precision-7 cells (the ground ridden).
  function groups() {
    var lv = E.levels[5], squares = {}, parent = {}, l7 = E.levels[7];
    function key(i, l) { l = l || lv; return Math.floor(l.lat[i] / 2) + ":" + Math.floor(l.lon[i] / 2); }
    function find(k) { while (parent[k] !== k) { parent[k] = parent[parent[k]]; k = parent[k]; } return k; }
    for (var i = 0; i < lv.lat.length; i++) { var k = key(i); (squares[k] = squares[k] || []).push(i); parent[k] = k; }
    Object.keys(squares).forEach(function (k) {
      var ij = k.split(":").map(Number);
      for (var dy = -1; dy <= 1; dy++) for (var dx = -1; dx <= 1; dx++) {
        var n = (ij[0] + dy) + ":" + (((ij[1] + dx + 90) % 180 + 180) % 180 - 90);
        if (parent[n] !== undefined) parent[find(n)] = find(k);
      }
    });
    var out = {};
    Object.keys(squares).forEach(function (k) {
      var g = out[find(k)] = out[find(k)] || { cells: 0, bounds: L.latLngBounds([]) };
      squares[k].forEach(function (i) { g.bounds.extend([lv.lat[i], lv.lon[i]]).extend([lv.lat[i] + lv.h, lv.lon[i] + lv.w]); });
    });
    for (var j = 0; j < l7.lat.length; j++) { var s = key(j, l7); if (parent[s] !== undefined) out[find(s)].cells++; }
    return Object.keys(out).map(function (k) { return out[k]; }).sort(function (a, b) { return b.cells - a.cells; });
  }
  var found = groups(), all = L.latLngBounds([]);
  found.forEach(function (g) { all.extend(g.bounds); });
  function fitAll() { if (all.isValid()) map.fitBounds(all, { padding: [20, 20] }); }
  if (found.length) map.fitBounds(found[0].bounds, { padding: [20, 20], maxZoom: 15 }); else map.setView([0, 0], 2);
  document.getElementById("fit").addEventListener("click", fitAll);
  var base = RoamBaseMap.attach(map, box.getAttribute("data-tiles"));
  E.leaflet = { map: map, shown: shown, groups: found.length, largest: found.length ? found[0].bounds : null, all: all,
                fitAll: fitAll, base: base, redraw: function () { cells.redraw(); } };
})();
