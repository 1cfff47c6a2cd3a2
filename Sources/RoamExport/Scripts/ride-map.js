// The ride's map on Leaflet (inlined from Debian's libjs-leaflet) when the page has it: the same
// runs of speed-band colour per drawn segment as the SVG (never a line across a gap), start and
// finish, stops and gaps labelled, flagged fixes on demand, the playback's marker. Wheel, drag and
// pinch zoom and pan; the view fits the ride at load. Without Leaflet this does nothing and the
// static SVG map stays.
var RoamRideMap = (function () {
  "use strict";
  var box = document.getElementById("ride-leaflet"), node = document.getElementById("map-data");
  if (!box || !node || !window.L) return null;
  var d = JSON.parse(node.textContent);
  function column(a) {
    var out = new Array(a.length), sum = 0;
    for (var i = 0; i < a.length; i++) { sum += a[i]; out[i] = sum / 1e5; }
    return out;
  }
  var lines = [];
  d.segments.forEach(function (seg) {
    seg.runs.forEach(function (run) {
      var a = column(run.a), o = column(run.o), pts = [];
      for (var i = 0; i < a.length; i++) pts.push([a[i], o[i]]);
      lines.push({ n: seg.n, pts: pts, color: run.b < 0 ? d.colors[d.colors.length - 1] : d.colors[run.b] });
    });
  });
  if (!lines.length) return null;  // nothing drawn: the SVG's note says why
  document.body.classList.add("leaflet-on");
  box.removeAttribute("hidden");
  var map = L.map(box, { zoomSnap: 0.25, zoomDelta: 0.5, wheelPxPerZoomLevel: 120 });
  var bounds = L.latLngBounds([]);
  lines.forEach(function (l) {
    L.polyline(l.pts, { color: l.color, weight: 4.5, opacity: 1, className: "track seg-" + l.n }).addTo(map);
    l.pts.forEach(function (p) { bounds.extend(p); });
  });
  // One position has no length to scale: no bar (as the static map draws none).
  if (!bounds.getNorthEast().equals(bounds.getSouthWest())) {
    if (window.RoamUnits) RoamUnits.scaleBar(map); else L.control.scale({ imperial: false }).addTo(map);
  }
  // Permanent labels cost the browser more than their number: a page of 1 000 gaps took 13 s to
  // open in Chromium, of 3 000 over two minutes. Past `manyLabels` the stops' and gaps' labels show on hover or
  // touch, as the static map's titles do; start and finish keep theirs.
  var manyLabels = 100;
  var quiet = d.stops.filter(function (s) { return s.label; }).length + d.gaps.length > manyLabels;
  function dot(at, cls, style, label, title, direction) {
    var m = L.circleMarker(at, L.extend({ className: cls, weight: 2.5, fillOpacity: 1 }, style)).addTo(map);
    var permanent = !!label && !(quiet && (cls === "stop" || cls === "gap"));
    m.bindTooltip(label || title, { permanent: permanent, direction: direction || "right", className: "maplabel " + cls });
    return m;
  }
  var startStyle = { radius: 7, color: "#1d1d1b", fillColor: "#fff", weight: 3.5 };
  var finishStyle = { radius: 7, color: "#fff", fillColor: "#1d1d1b" };
  // A loop ends where it began: one "Start/Finish" label, never one label on top of the other.
  var loop = d.start && d.finish && d.loop;
  if (d.finish && !loop) dot(d.finish, "finish", finishStyle, "Finish", "Finish", "right");
  if (d.start) dot(d.start, "start", startStyle, loop ? "Start/Finish" : "Start", "Start", loop ? "right" : "left");
  d.stops.forEach(function (s) {
    dot(s.at, "stop", { radius: 5, color: "#fff", fillColor: "#1d1d1b", weight: 2 }, s.label, s.title, "top");
  });
  var gapStyle = { radius: 6, color: "#b00", fillColor: "#fff", dashArray: "3 2" };
  d.gaps.forEach(function (g) {
    dot(g.at, "gap", gapStyle, g.label, g.title, "right");
    if (g.resume) dot(g.resume, "gap", gapStyle, "", g.title.replace("(the track stops)", "(the track resumes)"));
  });
  var flagged = L.layerGroup(d.flagged.map(function (f) {
    return L.circleMarker([f[0], f[1]], { radius: 2.5, stroke: false, fillColor: "#b00", fillOpacity: 0.6, className: "flag" })
      .bindTooltip(f[2]);
  }));
  var toggle = document.getElementById("show-flagged");
  function showFlagged() { if (toggle && toggle.checked) flagged.addTo(map); else map.removeLayer(flagged); }
  if (toggle) toggle.addEventListener("change", showFlagged);
  showFlagged();
  map.fitBounds(bounds, { padding: [28, 28], maxZoom: 17 });
  var base = RoamBaseMap.attach(map, box.getAttribute("data-tiles"));
  var marker = L.circleMarker([0, 0], { radius: 8, color: "#fff", weight: 3, fillColor: "#d62728", fillOpacity: 1,
                                        className: "replay", interactive: false });
  // The playback's moment on the map; brought into view when it leaves it.
  function place(lat, lon, status) {
    if (lat === null || lon === null) { map.removeLayer(marker); return; }
    marker.setLatLng([lat, lon]);
    marker.setStyle({ fillColor: status === "gap" ? "#fff" : status === "paused" ? "#777" : "#d62728" });
    if (!map.hasLayer(marker)) marker.addTo(map);
    if (!map.getBounds().contains(marker.getLatLng())) map.panTo(marker.getLatLng(), { animate: false });
  }
  return { map: map, place: place, marker: marker, base: base, bounds: bounds };
})();
