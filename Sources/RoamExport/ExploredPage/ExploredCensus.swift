import RoamCore

/// What the explored cells add up to, at precisions 5, 6 and 7: how many, their area, and how
/// many each ride visited first. Fed one cell at a time in geohash order (`add`), so the caller
/// can stream them from the database; shared by `explored --summary` and the explored page.
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

    public var isEmpty: Bool { cells7.isEmpty }

    public func newCells(ride: Int64?, precision: Int) -> Int { levels[precision]?.newByRide[ride] ?? 0 }
}
