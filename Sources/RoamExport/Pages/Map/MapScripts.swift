/// The Leaflet maps' own script and style (Scripts/base-map.js, Scripts/ride-map.js,
/// Styles/map.css, compiled in), written after Leaflet's into the pages that have it.
enum MapScripts {
    static let baseMap = String(decoding: PackageResources.base_map_js, as: UTF8.self)
    static let rideMap = String(decoding: PackageResources.ride_map_js, as: UTF8.self)
    static let exploredMap = String(decoding: PackageResources.explored_map_js, as: UTF8.self)
    static let css = String(decoding: PackageResources.map_css, as: UTF8.self)

    static func inline(_ id: String, _ script: String) -> String {
        "<script id=\"\(id)\">//<![CDATA[\n" + script + "//]]></script>\n"
    }

    /// Leaflet, the ride's map data and the script drawing it; the playback's scripts come after.
    static func ridePage(_ library: MapLibrary, _ data: RideMapData) -> String {
        library.scriptElement + "<script type=\"application/json\" id=\"map-data\">" + data.json + "</script>\n"
            + inline("base-map", baseMap) + inline("ride-map", rideMap)
    }
}
