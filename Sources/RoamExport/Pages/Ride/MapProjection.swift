import RoamCore

/// Equirectangular projection around the track's middle, scaled to fit a box and centred in it:
/// at the size of a bike ride the distortion is invisible, and north stays up. The extent is at
/// least `minSpanDeg` (about 200 m) across, so a ride of one fix, or one standing still, is a
/// dot in the middle of a street-sized map, not a dot blown up to fill the box. Longitudes are
/// continuous (`ViewTrack`'s), so a ride over the antimeridian has the extent it rides.
struct MapProjection {
    static let minSpanDeg = 0.0018

    let width: Double, height: Double
    private let midLon: Double, midLat: Double, xScale: Double, scale: Double

    init(points: [(lat: Double, lon: Double)], width: Double, maxHeight: Double, margin: Double = 24) {
        let lats = points.map(\.lat), lons = points.map(\.lon)
        let minLat = lats.min() ?? 0, maxLat = lats.max() ?? 0
        let minLon = lons.min() ?? 0, maxLon = lons.max() ?? 0
        midLat = (minLat + maxLat) / 2; midLon = (minLon + maxLon) / 2
        xScale = cosine(midLat * .pi / 180)
        let spanX = max((maxLon - minLon) * xScale, Self.minSpanDeg), spanY = max(maxLat - minLat, Self.minSpanDeg)
        let s = min((width - 2 * margin) / spanX, (maxHeight - 2 * margin) / spanY)
        scale = s
        self.width = width
        height = min(maxHeight, spanY * s + 2 * margin)
    }

    func x(_ lon: Double) -> Double { width / 2 + (lon - midLon) * xScale * scale }
    func y(_ lat: Double) -> Double { height / 2 - (lat - midLat) * scale }

    /// "x,y" with one decimal: a tenth of a pixel is finer than the screen.
    func point(lat: Double, lon: Double) -> String {
        FixedPoint.format(x(lon), digits: 1) + "," + FixedPoint.format(y(lat), digits: 1)
    }

    /// Metres per pixel along the map's x axis, for the scale bar.
    var metresPerPixel: Double { Haversine.earthRadiusM * .pi / 180 / scale }
}
