/// The page's look (Styles/ride-page.css, compiled in): full width, map first, cards and tables
/// that reflow from a desktop to a phone held either way. Sizes inside the map follow `--u` (SVG
/// units per screen pixel), which the page's script sets, so marks and labels stay legible when
/// the map is scaled down.
enum PageStyle {
    static let css = String(decoding: PackageResources.ride_page_css, as: UTF8.self)
}
