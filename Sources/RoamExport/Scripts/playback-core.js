var RoamReplay = (function () {
  "use strict";
  // Undoes the columns' delta coding: each entry adds to the previous non-null value.
  function column(a, divisor) {
    var out = new Array(a.length), sum = 0;
    for (var i = 0; i < a.length; i++) {
      if (a[i] === null) { out[i] = null; continue; }
      sum += a[i];
      out[i] = sum / divisor;
    }
    return out;
  }
  function decode(data) {
    var perS = 1000 / data.tick;
    var segments = data.segments.map(function (s) {
      return { n: s.n, t: column(s.t, perS), x: column(s.x, 10), y: column(s.y, 10),
               a: s.a ? column(s.a, 1e5) : null, o: s.o ? column(s.o, 1e5) : null,
               v: column(s.v, 10), e: column(s.e, 100), d: column(s.d, 10),
               c: s.c ? column(s.c, 10) : s.t.map(function () { return null; }) };
    });
    var pauses = [];
    for (var i = 0; i + 1 < data.pauses.length; i += 2) pauses.push([data.pauses[i] / perS, data.pauses[i + 1] / perS]);
    return { t0: data.t0, zone: data.zone || null, end: data.end / perS, segments: segments, pauses: pauses, profile: data.profile,
             gaps: data.gaps.map(function (g) { return { from: g.from / perS, to: g.to / perS, cause: g.cause }; }) };
  }
  // Index of the last entry of the ascending list that is at most t (-1 if none).
  function lastAtMost(list, t, key) {
    var lo = 0, hi = list.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (key(list[mid]) <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found;
  }
  function self(v) { return v; }
  function lerp(a, b, f) {
    if (f === 0) return a;
    return a === null || b === null ? null : a + (b - a) * f;
  }
  // The state at t seconds after t0. Between two drawn fixes it moves along the straight
  // line the map draws between them; at a fix it is that fix's stored values. A pause
  // holds the last fix; a gap keeps position and distance where the track stopped.
  function state(m, t) {
    t = Math.min(Math.max(t, 0), m.end);
    var s = { t: t, utcMs: m.t0 + Math.round(t * 1000), status: "before", segment: null,
              x: null, y: null, lat: null, lon: null, speedKmh: null, elevationM: null, temperatureC: null, distanceM: 0,
              inGap: false, cause: null, paused: false, px: null, py: null };
    var segs = m.segments;
    var k = lastAtMost(segs, t, function (g) { return g.t[0]; });
    if (k < 0) return s;
    var g = segs[k], last = g.t.length - 1;
    s.segment = g.n;
    // The gap begins at the last usable fix before it (the gap list's time), which may be after the
    // last drawn one: until then the rider waits at the track's end, not yet in the gap.
    if (k + 1 < segs.length && t > Math.max(g.t[last], m.gaps[k].from)) {
      s.status = "gap"; s.inGap = true; s.cause = m.gaps[k].cause;
      s.x = g.x[last]; s.y = g.y[last]; s.distanceM = g.d[last];
      if (g.a) { s.lat = g.a[last]; s.lon = g.o[last]; }
      return withCursor(m, s);
    }
    var i = lastAtMost(g.t, t, self);
    var p = lastAtMost(m.pauses, t, function (q) { return q[0]; });
    s.paused = p >= 0 && t < m.pauses[p][1];
    s.status = s.paused ? "paused" : "moving";
    var f = 0;
    if (!s.paused && i < last) {
      // A pause between two fixes: the rider waits at the first (paused fixes sit under
      // its distance gate) and sets off for the next when the last such pause ends.
      var next = g.t[i + 1], from = g.t[i];
      var q = lastAtMost(m.pauses, next, function (r) { return r[0]; });
      if (q >= 0 && m.pauses[q][0] === next) q -= 1;
      if (q >= 0 && m.pauses[q][1] > from) from = Math.min(m.pauses[q][1], next);
      f = t <= from ? 0 : (t - from) / (next - from);
    }
    var j = Math.min(i + 1, last);
    s.x = lerp(g.x[i], g.x[j], f); s.y = lerp(g.y[i], g.y[j], f);
    if (g.a) { s.lat = lerp(g.a[i], g.a[j], f); s.lon = lerp(g.o[i], g.o[j], f); }
    s.distanceM = lerp(g.d[i], g.d[j], f);
    s.elevationM = lerp(g.e[i], g.e[j], f);
    s.temperatureC = lerp(g.c[i], g.c[j], f);
    s.speedKmh = s.paused ? 0 : lerp(g.v[i], g.v[j], f);
    return withCursor(m, s);
  }
  // Where the profile's cursor goes: x from distance, y from elevation (none in a gap).
  function withCursor(m, s) {
    var p = m.profile;
    if (!p) return s;
    s.px = p.left + s.distanceM / p.maxDistM * p.plotW;
    if (s.elevationM !== null) s.py = p.top + (p.high - s.elevationM) / (p.high - p.low) * p.plotH;
    return s;
  }
  // The first ride time at which the running distance reaches d metres (a chart against
  // distance asks this); the end when it never does.
  function timeAtDistance(m, d) {
    for (var k = 0; k < m.segments.length; k++) {
      var g = m.segments[k], last = g.d.length - 1;
      if (g.d[last] < d) continue;
      var i = lastAtMost(g.d, d, self);
      if (i < 0) return g.t[0];
      if (i === last || g.d[i] === d) return g.t[i];
      var f = (d - g.d[i]) / (g.d[i + 1] - g.d[i]);
      return g.t[i] + (g.t[i + 1] - g.t[i]) * f;
    }
    return m.end;
  }
  // The rider's clock: the board's zone, else the computer's (Intl), else UTC.
  var clocks = {};
  function localClock(utcMs, zone) {
    var key = zone || "";
    if (!(key in clocks)) {
      try {
        clocks[key] = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit",
          hour12: false, timeZone: zone || undefined });
      } catch (e) { clocks[key] = null; }
    }
    if (!clocks[key]) return new Date(utcMs).toISOString().slice(11, 19) + " UTC";
    return clocks[key].format(new Date(utcMs));
  }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function clock(seconds) {
    var whole = Math.floor(seconds);
    return Math.floor(whole / 3600) + ":" + two(Math.floor(whole / 60) % 60) + ":" + two(whole % 60);
  }
  // The readouts as the page shows them.
  function text(s, zone) {
    var U = typeof RoamUnits !== "undefined" ? RoamUnits : null;
    var iso = new Date(s.utcMs).toISOString();
    var status = { before: "waiting for the first fix", moving: "moving", paused: "paused" }[s.status];
    return {
      elapsed: clock(s.t),
      utc: iso.slice(0, 10) + " " + iso.slice(11, 19) + " UTC",
      local: localClock(s.utcMs, zone),
      temperature: s.temperatureC === null ? "–" : s.temperatureC.toFixed(1) + " °C",
      // In the rider's units when the page has Scripts/units.js (not under node's tests).
      speed: s.speedKmh === null ? "–" : U ? U.text(s.speedKmh / 3.6, "speed", 1) : s.speedKmh.toFixed(1) + " km/h",
      elevation: s.elevationM === null ? "–" : U ? U.text(s.elevationM, "length", 0) : s.elevationM.toFixed(0) + " m",
      distance: U ? U.text(s.distanceM, "distance", 2) : (s.distanceM / 1000).toFixed(2) + " km",
      status: s.inGap ? "gap: " + s.cause : status
    };
  }
  return { decode: decode, state: state, text: text, timeAtDistance: timeAtDistance };
})();
