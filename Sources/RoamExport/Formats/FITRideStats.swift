import RoamCore

/// What the FIT summary messages need beyond the ride's stored totals, gathered as records stream:
/// first and last position and time, cumulative distance, altitude and temperature extremes.
struct FITRideStats {
    private(set) var distanceM = 0.0
    private(set) var firstTime: Int64?
    private(set) var firstPosition: (lat: Int64, lon: Int64)?
    private(set) var lastPosition: (lat: Int64, lon: Int64)?
    private(set) var minAltitudeM: Double?
    private(set) var maxAltitudeM: Double?
    private(set) var maxTemperatureC: Double?
    private var temperatureSum = 0.0
    private var temperatureCount = 0

    var averageTemperatureC: Double? { temperatureCount > 0 ? temperatureSum / Double(temperatureCount) : nil }

    mutating func add(_ fix: FixRecord, time: Int64, position: (lat: Double, lon: Double)?) {
        // The record's distance is the ride's running total: only accepted fixes add to it (P5).
        distanceM += fix.distanceAddedM
        if firstTime == nil { firstTime = time }
        if let position {
            let p = (lat: FITProfile.semicircles(position.lat), lon: FITProfile.semicircles(position.lon))
            if firstPosition == nil { firstPosition = p }
            lastPosition = p
        }
        if let a = fix.baroAltM, a.isFinite {
            minAltitudeM = min(minAltitudeM ?? a, a)
            maxAltitudeM = max(maxAltitudeM ?? a, a)
        }
        if let c = fix.temperatureC, c.isFinite {
            temperatureSum += c
            temperatureCount += 1
            maxTemperatureC = max(maxTemperatureC ?? c, c)
        }
    }
}
