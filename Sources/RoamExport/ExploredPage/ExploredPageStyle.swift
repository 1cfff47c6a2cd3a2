/// The explored page's CSS: a dark map (never visited), lit cells, the chosen ride's cells in a
/// colour apart, and the page around it kept plain.
enum ExploredPageStyle {
    static let dark = "#0d1320"
    static let lit = "#f2c14e"
    static let new = "#3ee0d0"
    /// Dark: a track always runs over the lit cells it explored.
    static let track = "rgba(16,24,48,0.7)"

    static let css = """
        body { font: 15px/1.4 system-ui, sans-serif; margin: 16px 24px; color: #222; }
        h1 { font-size: 22px; margin: 0 0 8px; }
        h1 small { font-weight: normal; color: #666; font-size: 14px; }
        .warning { background: #fff3cd; border: 1px solid #e0b84a; padding: 8px 12px; border-radius: 4px; max-width: 60em; }
        .controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 8px 0; }
        .controls button { min-width: 2.4em; font-size: 15px; }
        .hint { color: #666; font-size: 13px; }
        .mapbox { position: relative; }
        #map { display: block; width: 100%; height: 68vh; min-height: 320px; background: \(dark);
               touch-action: none; cursor: grab; border-radius: 4px; }
        #map.dragging { cursor: grabbing; }
        .status { position: absolute; left: 10px; bottom: 6px; margin: 0; color: #cfd6e6; font-size: 12px;
                  pointer-events: none; }
        .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 16px; margin: 10px 0; }
        .swatch { display: inline-block; width: 14px; height: 14px; margin-right: 6px; vertical-align: -2px;
                  border: 1px solid #888; }
        .swatch.dark { background: \(dark); }
        .swatch.lit { background: \(lit); }
        .swatch.new { background: \(new); }
        .swatch.line { height: 0; width: 22px; border: 0; border-top: 1px solid \(track); vertical-align: middle; }
        .swatch.line.thick { border-top-width: 3px; }
        table.totals { border-collapse: collapse; margin: 10px 0; }
        table.totals th, table.totals td { text-align: left; padding: 2px 16px 2px 0; }
        table.totals td.cells, table.totals td.new { text-align: right; }
        .note { color: #666; font-size: 13px; }

        """
}
