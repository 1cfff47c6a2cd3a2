import RoamCore

/// Equirectangular projection around the track's middle latitude, scaled to fit a box: at the
/// size of a bike ride the distortion is invisible, and north stays up.
struct MapProjection {
    let width: Double, height: Double
    private let minLon: Double, maxLat: Double, xScale: Double, scale: Double, margin: Double

    init(points: [(lat: Double, lon: Double)], width: Double, maxHeight: Double, margin: Double = 16) {
        let lats = points.map(\.lat), lons = points.map(\.lon)
        let minLat = lats.min() ?? 0, maxLat = lats.max() ?? 0
        let minLon = lons.min() ?? 0, maxLon = lons.max() ?? 0
        xScale = cosine((minLat + maxLat) / 2 * .pi / 180)
        let spanX = max((maxLon - minLon) * xScale, 1e-6), spanY = max(maxLat - minLat, 1e-6)
        let s = min((width - 2 * margin) / spanX, (maxHeight - 2 * margin) / spanY)
        scale = s
        self.width = width
        height = min(maxHeight, spanY * s + 2 * margin)
        self.minLon = minLon; self.maxLat = maxLat; self.margin = margin
    }

    func x(_ lon: Double) -> Double { margin + (lon - minLon) * xScale * scale }
    func y(_ lat: Double) -> Double { margin + (maxLat - lat) * scale }

    /// "x,y" with one decimal: a tenth of a pixel is finer than the screen.
    func point(lat: Double, lon: Double) -> String {
        FixedPoint.format(x(lon), digits: 1) + "," + FixedPoint.format(y(lat), digits: 1)
    }

    /// Metres per pixel along the map's x axis, for the scale bar.
    var metresPerPixel: Double { Haversine.earthRadiusM * .pi / 180 / scale }
}
