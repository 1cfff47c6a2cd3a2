// Metric or imperial on every page, in one place: the conversions (1 mi = 1609.344 m,
// 1 ft = 0.3048 m, as the CLI's UnitSystem), the rider's choice remembered in localStorage, and
// the page's numbers rewritten when it changes. The page names its default (`view --units` or
// board.conf's `units`) on <html data-units>; a stored choice overrides it. Browsers may refuse
// storage on file:// pages (or throw on reading it): the choice then lasts as long as the page.
// A number the page shows carries its value in SI units: <span data-unit="distance" data-si="1234.5"
// data-digits="2">1.23 km</span>; kinds: distance (km|mi), length (m|ft), speed (km/h|mph), area (km²|mi², SI m²).
var RoamUnits = (function () {
  "use strict";
  var KEY = "roam-board.units";
  var M_PER_MI = 1609.344, M_PER_FT = 0.3048, MPS_PER_MPH = M_PER_MI / 3600;
  var KINDS = {
    metric: { distance: [1000, "km"], length: [1, "m"], speed: [1 / 3.6, "km/h"], area: [1e6, "km²"] },
    imperial: { distance: [M_PER_MI, "mi"], length: [M_PER_FT, "ft"], speed: [MPS_PER_MPH, "mph"], area: [M_PER_MI * M_PER_MI, "mi²"] }
  };
  var memory = null, listeners = [];

  function valid(u) { return u === "metric" || u === "imperial"; }
  function stored() {
    try { var v = window.localStorage.getItem(KEY); return valid(v) ? v : null; } catch (e) { return null; }
  }
  function pageDefault() {
    var v = document.documentElement.getAttribute("data-units");
    return valid(v) ? v : "metric";
  }
  function current() { return memory || stored() || pageDefault(); }
  // A value in SI units (m, m, m/s) in the chosen system's unit of that kind.
  function convert(si, kind, system) { return si / KINDS[system || current()][kind][0]; }
  function unit(kind, system) { return KINDS[system || current()][kind][1]; }
  // Fixed digits, never "-0" (as FixedPoint does on the Swift side).
  function fixed(v, digits) {
    var s = v.toFixed(digits);
    return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
  }
  function text(si, kind, digits, system) { return fixed(convert(si, kind, system), digits) + " " + unit(kind, system); }

  function rewrite(root) {
    var nodes = (root || document).querySelectorAll("[data-unit][data-si]");
    for (var i = 0; i < nodes.length; i++) {
      var n = nodes[i], si = parseFloat(n.getAttribute("data-si")), kind = n.getAttribute("data-unit");
      var digits = parseInt(n.getAttribute("data-digits") || "1", 10);
      if (!isFinite(si) || !KINDS.metric[kind]) continue;
      // An axis tick shows the number alone; its unit is in the axis title.
      n.textContent = n.hasAttribute("data-bare") ? fixed(convert(si, kind), digits) : text(si, kind, digits);
    }
    var names = (root || document).querySelectorAll("[data-unit-name]");
    for (var j = 0; j < names.length; j++) names[j].textContent = unit(names[j].getAttribute("data-unit-name"));
  }
  function set(system) {
    if (!valid(system)) return;
    memory = system;
    try { window.localStorage.setItem(KEY, system); } catch (e) { /* file:// without storage: this page only */ }
    document.documentElement.setAttribute("data-units-shown", system);
    rewrite();
    listeners.forEach(function (f) { f(system); });
  }
  function onChange(f) { listeners.push(f); }
  // A Leaflet map's scale bar in the chosen units, swapped when they change.
  function scaleBar(map) {
    var bar = null;
    function place() {
      if (bar) map.removeControl(bar);
      var imperial = current() === "imperial";
      bar = L.control.scale({ metric: !imperial, imperial: imperial }).addTo(map);
    }
    place();
    onChange(place);
  }

  // The switch: a <select id="units"> the page holds; it shows the current choice and sets it.
  function attach() {
    var select = document.getElementById("units");
    var system = current();
    document.documentElement.setAttribute("data-units-shown", system);
    if (system !== "metric" || document.querySelector("[data-unit][data-si]")) rewrite();
    if (!select) return;
    select.value = system;
    select.addEventListener("change", function () { set(select.value); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", attach); else attach();

  return { current: current, set: set, onChange: onChange, convert: convert, unit: unit, text: text, fixed: fixed, scaleBar: scaleBar,
           rewrite: rewrite, storageKey: KEY, metresPerMile: M_PER_MI, metresPerFoot: M_PER_FT };
})();
