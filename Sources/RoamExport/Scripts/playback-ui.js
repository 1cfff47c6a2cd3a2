(function () {
  "use strict";
  var map = document.querySelector("svg.map"), page = document.body;
  var zone = page.getAttribute("data-zone") || null;
  // Map marks keep their size on screen: --u is SVG units per CSS pixel.
  function sizeMap() {
    if (!map) return;
    var r = map.getBoundingClientRect(), vb = map.viewBox.baseVal;
    if (!r.width || !r.height || !vb.width) return;
    map.style.setProperty("--u", String(1 / Math.min(r.width / vb.width, r.height / vb.height)));
  }
  window.addEventListener("resize", sizeMap);
  sizeMap();
  // A chart's x labels are placed for six ticks; a narrow chart has no room for them all. Show
  // every k-th, with k the smallest step whose labels keep a gap between them; the rest are
  // hidden, not removed, so each pass measures them all again (resize, axis switch, units).
  var LABEL_GAP = 6;
  function spaceAxisLabels() {
    Array.prototype.forEach.call(document.querySelectorAll(".xticks"), function (axis) {
      var labels = Array.prototype.filter.call(axis.querySelectorAll(".xtick"), function (l) {
        l.classList.remove("crowded");
        return l.getClientRects().length > 0;
      });
      var boxes = labels.map(function (l) { return l.getBoundingClientRect(); });
      var step = 1;
      for (; step < labels.length; step++) {
        var clear = true;
        for (var i = step; i < labels.length && clear; i += step) clear = boxes[i].left >= boxes[i - step].right + LABEL_GAP;
        if (clear) break;
      }
      labels.forEach(function (l, i) { if (i % step !== 0) l.classList.add("crowded"); });
    });
  }
  window.addEventListener("resize", spaceAxisLabels);
  Array.prototype.forEach.call(document.querySelectorAll("input[name=axis]"), function (r) { r.addEventListener("change", spaceAxisLabels); });
  if (window.RoamUnits) RoamUnits.onChange(spaceAxisLabels);
  spaceAxisLabels();
  // Without a configured zone the times are the computer's; the title keeps UTC.
  if (!zone && window.Intl) {
    var opts = { hour: "2-digit", minute: "2-digit", hour12: false };
    var dated = { weekday: "long", day: "numeric", month: "long", year: "numeric" };
    Array.prototype.forEach.call(document.querySelectorAll("time[data-utc-ms]"), function (node) {
      var d = new Date(Number(node.getAttribute("data-utc-ms")));
      var text = new Intl.DateTimeFormat("en-GB", opts).format(d);
      if (node.getAttribute("data-dated") === "1") text = new Intl.DateTimeFormat("en-GB", dated).format(d).replace(/,/g, "") + ", " + text;
      node.textContent = text;
    });
    var note = document.getElementById("zone-note");
    if (note) note.textContent = "times in " + Intl.DateTimeFormat().resolvedOptions().timeZone + " (this computer)";
  }

  var box = document.getElementById("replay"), dataNode = document.getElementById("replay-data");
  if (!box || !dataNode || !map) return;
  var m = RoamReplay.decode(JSON.parse(dataNode.textContent));
  function add(svg, name, attrs) {
    var node = document.createElementNS(svg.namespaceURI, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    svg.appendChild(node);
    return node;
  }
  var marker = add(map, "circle", { id: "replay-marker" });
  // One cursor per chart, placed by the chart's own scale (its data attributes).
  var charts = Array.prototype.map.call(document.querySelectorAll("figure.chart[data-axis]"), function (fig) {
    var svg = fig.querySelector("svg");
    var line = add(svg, "line", { "class": "cursor", y1: 0, y2: svg.viewBox.baseVal.height, visibility: "hidden" });
    return { fig: fig, svg: svg, line: line, axis: fig.getAttribute("data-axis"),
             left: Number(fig.getAttribute("data-left")), plotW: Number(fig.getAttribute("data-plotw")),
             xmax: Number(fig.getAttribute("data-xmax")), width: Number(fig.getAttribute("data-width")) };
  });
  var play = document.getElementById("replay-play"), speed = document.getElementById("replay-speed");
  var slider = document.getElementById("replay-time");
  var out = {};
  ["elapsed", "local", "speed", "elevation", "temperature", "distance", "status"].forEach(function (k) {
    out[k] = document.getElementById("replay-out-" + k);
  });
  var t = 0, playing = false, lastFrame = null;

  function show() {
    var s = RoamReplay.state(m, t), words = RoamReplay.text(s, m.zone);
    for (var k in out) if (out[k]) out[k].textContent = words[k];
    out.local.setAttribute("title", words.utc);
    out.status.className = s.status;
    marker.setAttribute("class", s.status);
    if (window.RoamRideMap) window.RoamRideMap.place(s.lat, s.lon, s.status);
    if (s.x === null) { marker.setAttribute("visibility", "hidden"); } else {
      marker.setAttribute("visibility", "visible");
      marker.setAttribute("cx", s.x); marker.setAttribute("cy", s.y);
    }
    charts.forEach(function (c) {
      var v = c.axis === "time" ? s.t : s.distanceM;
      var x = c.left + v / c.xmax * c.plotW;
      c.line.setAttribute("x1", x); c.line.setAttribute("x2", x);
      c.line.setAttribute("visibility", s.status === "before" ? "hidden" : "visible");
    });
    slider.value = t;
    play.textContent = playing ? "Pause" : "Play";
  }
  // A pointer or a finger on a chart: the ride at that distance or time, on the map too.
  function pointAt(c, clientX) {
    var r = c.svg.getBoundingClientRect();
    if (!r.width) return;
    var x = (clientX - r.left) / r.width * c.width;
    var v = Math.min(Math.max((x - c.left) / c.plotW, 0), 1) * c.xmax;
    t = c.axis === "time" ? v : RoamReplay.timeAtDistance(m, v);
    playing = false;
    show();
  }
  charts.forEach(function (c) {
    c.svg.addEventListener("mousemove", function (e) { pointAt(c, e.clientX); });
    c.svg.addEventListener("touchstart", function (e) { if (e.touches.length) pointAt(c, e.touches[0].clientX); }, { passive: true });
    c.svg.addEventListener("touchmove", function (e) { if (e.touches.length) pointAt(c, e.touches[0].clientX); }, { passive: true });
  });
  function frame(now) {
    if (!playing) return;
    if (lastFrame !== null) t = Math.min(m.end, t + (now - lastFrame) / 1000 * Number(speed.value));
    lastFrame = now;
    if (t >= m.end) playing = false;
    show();
    if (playing) requestAnimationFrame(frame);
  }
  play.addEventListener("click", function () {
    playing = !playing;
    if (playing) {
      if (t >= m.end) t = 0;
      lastFrame = null;
      requestAnimationFrame(frame);
    }
    show();
  });
  slider.addEventListener("input", function () { t = Number(slider.value); show(); });
  // "#t=SECONDS" opens the page at that ride time (seconds since the start), paused.
  function fromHash() {
    var found = /(?:^#|[#&])t=([0-9.]+)/.exec(location.hash);
    if (found) { t = Math.min(Number(found[1]), m.end); playing = false; }
    show();
  }
  window.addEventListener("hashchange", fromHash);
  if (window.RoamUnits) RoamUnits.onChange(show);
  box.removeAttribute("hidden");
  fromHash();
})();
