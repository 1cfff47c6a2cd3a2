// The history page: reads the metric figures from #history-data and writes the overall totals, the
// calendar of ride days, the totals per week, month and year, and the list of rides with links.
// Every number is written by FORMAT below, the one place a unit switch has to change.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("history-data").textContent);
  const DAY_MS = 86400000;

  // Metric or imperial through units.js (RoamUnits: the page's switch, remembered); metric without it.
  const U = window.RoamUnits;
  const FORMAT = {
    distance: (m) => {
      const v = U ? U.convert(m, "distance") : m / 1000;
      return v.toFixed(v < 100 ? 1 : 0) + " " + (U ? U.unit("distance") : "km");
    },
    climb: (m) => Math.round(U ? U.convert(m, "length") : m) + " " + (U ? U.unit("length") : "m"),
    duration: (s) => {
      const min = Math.round(s / 60);
      return Math.floor(min / 60) + ":" + String(min % 60).padStart(2, "0");
    },
    rides: (n) => n + (n === 1 ? " ride" : " rides"),
    // Below a tenth of a km (or mi) in metres (or feet): a few tens of metres bridged are not "0.0 km".
    short: (m) => {
      if ((U ? U.convert(m, "distance") : m / 1000) >= 0.1) return FORMAT.distance(m);
      return Math.round(U ? U.convert(m, "length") : m) + " " + (U ? U.unit("length") : "m");
    },
    bridged: (m, gaps) => FORMAT.short(m) + " bridged across " + gaps + (gaps === 1 ? " gap" : " gaps"),
  };

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A distance with its bridged part apart (a pause or a gap is not riding, and nothing is shown
  // as measured that was not).
  function distanceCell(t) {
    const td = el("td", { "data-distance-m": t.distanceM, "data-bridged-m": t.bridgedM }, FORMAT.distance(t.distanceM));
    if (t.bridgedGaps > 0) {
      td.appendChild(document.createElement("br"));
      td.appendChild(el("span", { class: "bridged" }, FORMAT.bridged(t.bridgedM, t.bridgedGaps)));
    }
    return td;
  }

  function climbText(t, withoutClimb) {
    if (withoutClimb === undefined) return t.ascentM === null ? "n/a" : FORMAT.climb(t.ascentM);
    if (withoutClimb === t.rides) return "n/a";
    return FORMAT.climb(t.ascentM) + (withoutClimb > 0 ? " *" : "");
  }

  function head(table, names) {
    const tr = el("tr");
    for (const n of names) tr.appendChild(el("th", { scope: "col" }, n));
    const thead = el("thead");
    thead.appendChild(tr);
    table.appendChild(thead);
  }

  function overall() {
    const box = document.getElementById("overall"), t = data.all;
    const items = [[FORMAT.rides(t.rides), "in all"], [FORMAT.distance(t.distanceM), "distance"],
      [climbText(t, t.ridesWithoutClimb), "climb"], [FORMAT.duration(t.movingS), "moving time (h:mm)"]];
    if (t.bridgedGaps > 0) items.push([FORMAT.short(t.bridgedM), "of the distance bridged across gaps"]);
    for (const [value, label] of items) {
      const d = el("div");
      d.appendChild(el("b", {}, value));
      d.appendChild(el("span", {}, label));
      box.appendChild(d);
    }
    if (t.rides === 0) box.appendChild(el("p", {}, "No rides yet: press the button and ride."));
  }

  function periods(id, list) {
    const table = document.getElementById(id);
    head(table, [id === "weeks" ? "Week" : id === "months" ? "Month" : "Year", "Rides", "Distance", "Climb", "Moving (h:mm)"]);
    const body = el("tbody");
    for (const p of list) {
      const t = p.totals;
      const tr = el("tr", { "data-key": p.key });
      tr.appendChild(el("td", {}, p.key));
      tr.appendChild(el("td", { "data-rides": t.rides }, String(t.rides)));
      tr.appendChild(distanceCell(t));
      tr.appendChild(el("td", { "data-ascent-m": t.ascentM }, climbText(t, t.ridesWithoutClimb)));
      tr.appendChild(el("td", { "data-moving-s": t.movingS }, FORMAT.duration(t.movingS)));
      body.appendChild(tr);
    }
    table.appendChild(body);
  }

  // One grid per year, newest first: a column per ISO week, a row per weekday (Monday on top),
  // each ride day shaded in four steps of its distance against the longest day's; the months
  // named over the week they start in.
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function calendar() {
    const box = document.getElementById("calendar");
    const byDay = new Map(data.days.map((d) => [d.day, d]));
    const longest = Math.max(1, ...data.days.map((d) => d.totals.distanceM));
    for (const year of data.years) {
      const y = Number(year.key), first = Date.UTC(y, 0, 1) / DAY_MS, last = Date.UTC(y + 1, 0, 1) / DAY_MS;
      const firstMonday = first - (first + 3) % 7;
      const section = el("div", { class: "year", "data-year": year.key });
      section.appendChild(el("h3", {}, year.key + ": " + FORMAT.rides(year.totals.rides) + ", " + FORMAT.distance(year.totals.distanceM)));
      const grid = el("div", { class: "grid", role: "img", "aria-label": "ride days in " + year.key });
      ["Mon", "Wed", "Fri"].forEach((name, i) => {
        const label = el("span", { class: "weekday" }, name);
        label.style.gridRow = String(2 + 2 * i);
        grid.appendChild(label);
      });
      for (let m = 0; m < 12; m++) {
        const start = Date.UTC(y, m, 1) / DAY_MS;
        const label = el("span", { class: "month" }, MONTHS[m]);
        label.style.gridColumn = (2 + Math.floor((start - firstMonday) / 7)) + " / span 4";
        label.style.gridRow = "1";
        grid.appendChild(label);
      }
      for (let d = first; d < last; d++) {
        const cell = el("div", { class: "cell", "data-day": d });
        cell.style.gridColumn = String(2 + Math.floor((d - firstMonday) / 7));
        cell.style.gridRow = String(2 + (d - firstMonday) % 7);
        const iso = new Date(d * DAY_MS).toISOString().slice(0, 10);
        const ridden = byDay.get(d);
        if (ridden) {
          const level = Math.min(4, Math.max(1, Math.ceil(4 * ridden.totals.distanceM / longest)));
          cell.className = "cell ride l" + level;
          cell.setAttribute("data-distance-m", ridden.totals.distanceM);
          cell.title = iso + ": " + FORMAT.distance(ridden.totals.distanceM) + ", " + FORMAT.rides(ridden.totals.rides);
        } else {
          cell.title = iso;
        }
        grid.appendChild(cell);
      }
      const scroller = el("div", { class: "scroll" });
      scroller.appendChild(grid);
      section.appendChild(scroller);
      box.appendChild(section);
      // On a narrow screen the year scrolls in its box: bring the year's last ride day into view.
      const lastRide = data.days.find((d) => d.day >= first && d.day < last);
      if (lastRide) scroller.scrollLeft = Math.max(0, 28 + 14 * Math.floor((lastRide.day - firstMonday) / 7) - scroller.clientWidth / 2);
    }
    if (data.years.length > 0) {
      const legend = el("div", { class: "legend" }, "shorter ");
      for (let l = 1; l <= 4; l++) legend.appendChild(el("span", { class: "cell l" + l }));
      legend.appendChild(document.createTextNode(" longer (of " + FORMAT.distance(longest) + ")"));
      box.appendChild(legend);
    }
  }

  function rides() {
    const table = document.getElementById("rides");
    // The drive's index links each ride's FIT and GPX too; `view --history` writes pages only.
    const withFiles = data.rides.some((r) => r.files.length > 0);
    head(table, ["Start", "Ride", "Distance", "Climb", "Moving (h:mm)"].concat(withFiles ? ["Files"] : []));
    const body = el("tbody");
    for (const r of data.rides) {
      const tr = el("tr", { "data-ride": r.id });
      const when = el("td", {}, r.local === null ? "no date" : r.local);
      if (r.utc !== null) when.title = r.utc.replace("T", " ").slice(0, 19) + " UTC";
      tr.appendChild(when);
      const name = el("td");
      if (r.href !== null) name.appendChild(el("a", { href: r.href }, "Ride " + r.id));
      else name.textContent = "Ride " + r.id;
      // Not recorded by the board: said in the row, not only on the ride's page.
      if (r.imported !== null) {
        name.appendChild(document.createElement("br"));
        name.appendChild(el("span", { class: "imported" }, r.imported));
      }
      tr.appendChild(name);
      tr.appendChild(distanceCell(r));
      tr.appendChild(el("td", { "data-ascent-m": r.ascentM }, climbText(r)));
      tr.appendChild(el("td", { "data-moving-s": r.movingS }, FORMAT.duration(r.movingS)));
      if (withFiles) {
        const files = el("td", { class: "files" });
        for (const href of r.files) {
          if (files.childNodes.length > 0) files.appendChild(document.createTextNode(" "));
          files.appendChild(el("a", { href: href, download: "" }, href.slice(href.lastIndexOf(".") + 1).toUpperCase()));
        }
        tr.appendChild(files);
      }
      body.appendChild(tr);
    }
    table.appendChild(body);
  }

  // Written whole, and again from scratch when the units change.
  function render() {
    for (const id of ["overall", "calendar", "weeks", "months", "years", "rides"]) document.getElementById(id).textContent = "";
    overall();
    calendar();
    periods("weeks", data.weeks);
    periods("months", data.months);
    periods("years", data.years);
    rides();
  }
  render();
  if (U) U.onChange(render);
  // What the tests read.
  window.rideHistory = { data: data, format: FORMAT };
})();
