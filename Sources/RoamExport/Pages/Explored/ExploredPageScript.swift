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
    static let source = PageTemplate.filled(String(decoding: PackageResources.explored_js, as: UTF8.self),
                                            in: "Scripts/explored.js", ExploredPageStyle.colours)
}
