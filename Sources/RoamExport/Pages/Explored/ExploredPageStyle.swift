/// The explored page's CSS (Styles/explored.css, compiled in): a dark map (never visited), lit
/// cells, the chosen ride's cells in a colour apart, and the page around it kept plain.
enum ExploredPageStyle {
    static let dark = "#0d1320"
    static let lit = "#f2c14e"
    static let new = "#3ee0d0"
    /// Dark: a track always runs over the lit cells it explored.
    static let track = "rgba(16,24,48,0.7)"

    /// The placeholders Styles/explored.css and Scripts/explored.js hold for the colours.
    static let colours = [("@dark@", dark), ("@lit@", lit), ("@new@", new), ("@track@", track)]

    static let css = PageTemplate.filled(String(decoding: PackageResources.explored_css, as: UTF8.self),
                                         in: "Styles/explored.css", colours)
}
