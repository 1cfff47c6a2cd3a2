/// The explored page's script, Scripts/explored.js compiled into the binary: decodes the cells
/// (`ExploredCellRuns`) and tracks (`ExploredTrack.encodedSegments`), projects them, and draws them
/// on the canvas; pan by drag, zoom by wheel, buttons or a two-finger pinch (pointer events, so
/// mouse and touch share one path).
///
/// Projection: equirectangular around the data's own centre longitude, chosen opposite the widest
/// empty band of longitudes, so rides on both sides of the antimeridian sit side by side and the
/// seam falls where nothing was ridden. Each cell is drawn as its geohash bounding box, poles
/// included (latitude is linear, nothing goes to infinity). `window.explored` exposes the state
/// the tests and the benchmark read.
enum ExploredPageScript {
    /// The colours are the ones the page's CSS and legend use (`ExploredPageStyle`), filled into the
    /// file's placeholders so they are stated once.
    static let source = filled(String(decoding: PackageResources.explored_js, as: UTF8.self), [
        ("@dark@", ExploredPageStyle.dark), ("@lit@", ExploredPageStyle.lit),
        ("@new@", ExploredPageStyle.new), ("@track@", ExploredPageStyle.track),
    ])

    /// Each placeholder must be in the file exactly once: a renamed one would leave the page a
    /// colour it cannot parse.
    private static func filled(_ template: String, _ values: [(placeholder: String, value: String)]) -> String {
        var text = template
        for (placeholder, value) in values {
            precondition(text.ranges(of: placeholder).count == 1, "Scripts/explored.js must hold \(placeholder) once")
            text = text.replacing(placeholder, with: value)
        }
        return text
    }
}
