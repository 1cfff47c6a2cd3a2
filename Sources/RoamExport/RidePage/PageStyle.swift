/// The page's look: full width, map first, cards and tables that reflow from a desktop to a
/// phone held either way. Sizes inside the map follow `--u` (SVG units per screen pixel), which
/// the page's script sets, so marks and labels stay legible when the map is scaled down.
enum PageStyle {
    static let css = """
        * { box-sizing: border-box; }
        body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1d1d1b; background: #fff; }
        header.top { padding: 12px 20px 8px; }
        h1 { font-size: 22px; margin: 0; font-weight: 650; }
        h1 .when { font-weight: 400; color: #555; font-size: 17px; margin-left: 8px; }
        p.sub { margin: 2px 0 0; color: #333; font-variant-numeric: tabular-nums; }
        #zone-note { color: #777; font-size: 13px; margin-left: 8px; }
        p.notice { margin: 8px 0 0; padding: 8px 12px; background: #fff4d6; border-left: 4px solid #c98a00; }
        h2 { font-size: 17px; margin: 18px 0 8px; }
        h2 small, figcaption small { font-weight: normal; color: #666; }
        main { padding: 0 0 24px; }
        main > section, main > details, main > p, .maptools, .tables { margin-left: 20px; margin-right: 20px; }
        main > section.mapbox { margin: 0; background: #eef0ea; }
        svg.map { display: block; width: 100%; height: auto; max-height: 74vh; }
        svg.map .bg { fill: #eef0ea; }
        svg.map polyline { fill: none; stroke-width: calc(4.5px * var(--u, 1)); stroke-linejoin: round; stroke-linecap: round; }
        svg.map circle { r: calc(6px * var(--u, 1)); stroke-width: calc(2.5px * var(--u, 1)); }
        svg.map circle.gap { fill: #fff; stroke: #b00; stroke-dasharray: calc(3px * var(--u, 1)) calc(2px * var(--u, 1)); }
        svg.map circle.stop { fill: #1d1d1b; stroke: #fff; r: calc(5px * var(--u, 1)); }
        svg.map circle.start { fill: #fff; stroke: #1d1d1b; r: calc(7px * var(--u, 1)); stroke-width: calc(3.5px * var(--u, 1)); }
        svg.map circle.finish { fill: #1d1d1b; stroke: #fff; r: calc(7px * var(--u, 1)); }
        svg.map text { font-size: calc(13px * var(--u, 1)); fill: #1d1d1b; paint-order: stroke; stroke: #fff;
          stroke-width: calc(3px * var(--u, 1)); stroke-linejoin: round; }
        svg.map text.label { transform: translate(calc(10px * var(--u, 1)), calc(4px * var(--u, 1))); transform-box: fill-box; }
        svg.map text.label.gap { fill: #b00; font-weight: 600; }
        svg.map text.label.stop { font-weight: 600; }
        svg.map text.empty { text-anchor: middle; font-size: calc(16px * var(--u, 1)); fill: #555; }
        svg.map .flagged { display: none; }
        svg.map .flag { fill: #b00; fill-opacity: 0.6; r: calc(2.5px * var(--u, 1)); stroke: none; }
        body:has(#show-flagged:checked) svg.map .flagged { display: inline; }
        svg.map .scale line { stroke: #1d1d1b; stroke-width: calc(2px * var(--u, 1)); }
        .maptools { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 24px; padding: 8px 0; }
        .legend { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 14px; }
        .swatch { display: inline-block; width: 26px; height: 7px; margin-right: 6px; vertical-align: middle; border-radius: 4px; }
        .sym { display: inline-block; width: 12px; height: 12px; margin-right: 6px; vertical-align: middle; border-radius: 50%; }
        .sym.stop { background: #1d1d1b; border: 2px solid #fff; box-shadow: 0 0 0 1px #1d1d1b; }
        .sym.gapmark { border: 2px dashed #b00; background: #fff; }
        .flagtoggle { color: #555; }
        table.totals, table.totals tbody { display: block; }
        table.totals tbody { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
        table.totals tr { display: flex; flex-direction: column; background: #f5f5f1; border-radius: 8px; padding: 8px 12px; }
        table.totals th { text-align: left; font-weight: 400; color: #666; font-size: 12px; }
        table.totals td { font-size: 17px; font-weight: 600; font-variant-numeric: tabular-nums; }
        .charthead { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 18px; }
        .axis input { position: absolute; opacity: 0; pointer-events: none; }
        .axis label { display: inline-block; padding: 3px 12px; border: 1px solid #bbb; cursor: pointer; }
        .axis label:first-of-type { border-radius: 6px 0 0 6px; }
        .axis label:last-of-type { border-radius: 0 6px 6px 0; border-left: none; }
        .axis input:checked + label { background: #1d1d1b; color: #fff; border-color: #1d1d1b; }
        .hint { color: #777; font-size: 13px; }
        body:has(#axis-time:checked) .by-distance, body:has(#axis-distance:checked) .by-time { display: none; }
        .charts { display: grid; grid-template-columns: 1fr 1fr; gap: 10px 24px; }
        #chart-elevation-distance, #chart-elevation-time { grid-column: 1 / -1; }
        figure.chart { margin: 0; min-width: 0; }
        figure.chart figcaption { font-weight: 600; margin-bottom: 2px; }
        .plot { position: relative; }
        .plot svg { display: block; width: 100%; height: 150px; background: #fafaf7; cursor: crosshair; touch-action: pan-y; }
        #chart-elevation-distance .plot svg, #chart-elevation-time .plot svg { height: 190px; }
        .chart .grade polygon { stroke-width: 1; vector-effect: non-scaling-stroke; }
        .chart .grid line { stroke: #e4e4de; vector-effect: non-scaling-stroke; }
        .chart polyline { fill: none; stroke: #2b2b28; stroke-width: 1.8; stroke-linejoin: round; vector-effect: non-scaling-stroke; }
        .chart .elevation-segment polyline { stroke: #4a3b2c; stroke-width: 2; }
        .chart rect.mark.stop { fill: #8a5a00; fill-opacity: 0.14; }
        .chart rect.mark.gap { fill: #b00; fill-opacity: 0.12; }
        .chart line.mark { stroke-width: 1.5; stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; }
        .chart line.mark.gap { stroke: #b00; }
        .chart line.mark.stop { stroke: #8a5a00; }
        .ytick { position: absolute; left: 4px; transform: translateY(-50%); font-size: 11px; color: #555;
          background: rgba(250,250,247,0.85); padding: 0 3px; pointer-events: none; font-variant-numeric: tabular-nums; }
        .xticks { position: relative; height: 16px; font-size: 11px; color: #555; }
        .xtick { position: absolute; transform: translateX(-50%); white-space: nowrap; }
        .xtick.first { transform: none; }
        .gradekey { margin-left: 10px; font-size: 12px; color: #555; font-weight: 400; }
        .gradekey .g { white-space: nowrap; }
        .gradekey i { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 6px; vertical-align: -1px; }
        p.empty { color: #666; background: #fafaf7; padding: 24px; margin: 0; text-align: center; }
        .tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); gap: 0 32px; }
        table.splits, table.marks { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
        table.splits th, table.marks th { text-align: left; font-weight: 400; color: #666; font-size: 12px; border-bottom: 1px solid #ddd; }
        table.splits td, table.marks td { padding: 3px 8px 3px 0; border-bottom: 1px solid #f0f0ec; white-space: nowrap; }
        td.speed { position: relative; min-width: 110px; }
        td.speed .bar { position: absolute; left: 0; top: 4px; bottom: 4px; background: #56B4E9; opacity: 0.35; border-radius: 3px; }
        td.speed span:last-child { position: relative; }
        .gapnote { color: #b00; font-size: 12px; }
        tr.gap td:nth-child(3) { color: #b00; }
        table.flaggedinfo td, table.flaggedinfo th { padding: 1px 12px 1px 0; text-align: left; }
        p.flaggedinfo { color: #666; }
        .note { color: #666; font-size: 13px; }
        @media (max-width: 700px) {
          header.top { padding: 10px 12px 6px; }
          h1 { font-size: 19px; } h1 .when { display: block; margin: 0; font-size: 14px; }
          main > section, main > details, main > p, .maptools, .tables { margin-left: 12px; margin-right: 12px; }
          .charts { grid-template-columns: 1fr; }
          .plot svg { height: 120px; }
          table.totals tbody { grid-template-columns: repeat(2, minmax(0, 1fr)); }
          table.totals td { font-size: 15px; }
          table.splits td, table.splits th, table.marks td, table.marks th { padding-right: 5px; font-size: 13px; }
          table.splits .mv { display: none; } td.speed { min-width: 80px; }
        }
        @media (max-height: 500px) and (orientation: landscape) { svg.map { max-height: 80vh; }
          header.top { padding: 4px 12px 4px; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 14px; }
          h1 { font-size: 17px; } h1 .when { font-size: 14px; } p.sub { font-size: 13px; } #zone-note { display: none; } }

        """
}
