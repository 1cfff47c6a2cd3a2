import RoamCore

/// What the explored cells add up to, at precisions 5, 6 and 7: how many, their area, and how
/// many each ride visited first. Fed the stored precision-7 cells in geohash order (`addStored`,
/// then `finish`), it rolls them up into their prefixes itself, as `explored --precision` groups
/// them (earliest visit wins); shared by `explored --summary` and the explored page.
public struct ExploredCensus: Sendable {
    public static let precisions = [5, 6, 7]

    public struct Level: Sendable, Equatable {
        public var cells = 0
        public var areaKm2 = 0.0
        /// Cells whose earliest visit was by each ride (`nil`: a ride since pruned).
        public var newByRide: [Int64?: Int] = [:]
    }

    public private(set) var levels: [Int: Level] = [:]
    /// Precision-7 cells as geohash integers, sorted (`Geohash.integer`).
    public private(set) var cells7: [UInt64] = []
    /// Per precision, the cells first visited by `highlightRide`, sorted.
    public private(set) var highlighted: [Int: [UInt64]] = [:]
    public let highlightRide: Int64?
    /// The coarser cell being rolled up at precisions 6 and 5: prefix, earliest visit, its ride.
    private var pending: [Int: (prefix: String, firstUTCms: Int64?, ride: Int64?)] = [:]

    public init(highlightRide: Int64? = nil) {
        self.highlightRide = highlightRide
        for p in Self.precisions {
            levels[p] = Level()
            highlighted[p] = []
        }
    }

    /// One cell at `precision`, with the ride of its earliest visit. Throws
    /// `ExportError.invalidGeohash` for text that is not a geohash of that length.
    public mutating func add(precision: Int, geohash: String, firstRide: Int64?) throws {
        guard geohash.utf8.count == precision, let value = Geohash.integer(geohash),
              let area = Geohash.areaKm2(geohash), levels[precision] != nil else {
            throw ExportError.invalidGeohash(geohash)
        }
        levels[precision]!.cells += 1
        levels[precision]!.areaKm2 += area
        levels[precision]!.newByRide[firstRide, default: 0] += 1
        if precision == 7 {
            precondition(cells7.last.map { $0 < value } ?? true, "cells must come in geohash order")
            cells7.append(value)
        }
        if let ride = highlightRide, firstRide == ride { highlighted[precision]!.append(value) }
    }

    /// One stored precision-7 cell, in geohash order.
    public mutating func addStored(geohash: String, firstRide: Int64?, firstVisitUTCms: Int64?) throws {
        try add(precision: 7, geohash: geohash, firstRide: firstRide)
        for p in [6, 5] {
            let prefix = String(geohash.prefix(p))
            if let group = pending[p], group.prefix == prefix {
                if let t = firstVisitUTCms, group.firstUTCms.map({ t < $0 }) ?? true { pending[p] = (prefix, t, firstRide) }
                continue
            }
            try flush(p)
            pending[p] = (prefix, firstVisitUTCms, firstRide)
        }
    }

    /// Adds the last coarser cells: call once after the last `addStored`.
    public mutating func finish() throws {
        try flush(6)
        try flush(5)
    }

    private mutating func flush(_ precision: Int) throws {
        guard let group = pending.removeValue(forKey: precision) else { return }
        try add(precision: precision, geohash: group.prefix, firstRide: group.ride)
    }

    public var isEmpty: Bool { cells7.isEmpty }

    public func newCells(ride: Int64?, precision: Int) -> Int { levels[precision]?.newByRide[ride] ?? 0 }
}
