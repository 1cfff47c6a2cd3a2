import RoamCore
import RoamStore

/// Writes one ride's files for the drive: the CLI passes the very exporters and file names `dump`
/// uses, so a file on the drive is byte for byte what `dump --out DIR` writes.
public protocol DriveRideWriter {
    /// Writes the ride's files into `folder` and returns their names (no folder).
    func write(_ ride: RideRow, into folder: String) throws -> [String]
}

/// What one image holds: the rides on it (newest first), the rides left off for lack of room, and
/// the fingerprint of the database state it was built from.
public struct DriveContents: Sendable, Equatable {
    public struct Ride: Sendable, Equatable {
        public var id: Int64
        public var startedUTCms: Int64?
        public var distanceM: Double
        public var files: [String]
        public var bytes: Int64
    }

    public var rides: [Ride]
    public var leftOff: [Int64]
    public var fingerprint: String
    public var imageBytes: Int64 = 0

    public var rideIDs: [Int64] { rides.map(\.id) }
}

/// Which rides go on the drive and when the drive is out of date: pure rules, no I/O.
public enum DriveSelection {
    /// Stopped rides only (a recording ride is handed over once it stops, as with `dump --not-dumped`),
    /// newest first: by start time, rides without a date by id.
    public static func candidates(_ rides: [RideRow]) -> [RideRow] {
        rides.filter { $0.state == .stopped }.sorted { a, b in
            (a.startedUTCms ?? Int64.min, a.id) > (b.startedUTCms ?? Int64.min, b.id)
        }
    }

    /// Newest first, each ride that still fits in `budget` bytes (a big old ride is skipped, and
    /// smaller older ones after it may still go on). Returns the indices kept.
    public static func fitting(sizes: [Int64], budget: Int64) -> [Int] {
        var used: Int64 = 0
        var kept: [Int] = []
        for (i, size) in sizes.enumerated() where used + size <= budget {
            used += size
            kept.append(i)
        }
        return kept
    }

    /// Changes whenever a ride appears, goes (pruned), stops or is rederived; not when it is marked
    /// dumped, so marking a hand-over never causes a rebuild.
    public static func fingerprint(_ rides: [RideRow]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for ride in candidates(rides) {
            let t = ride.totals
            let line = "\(ride.id)|\(ride.startedUTCms ?? -1)|\(ride.endedUTCms ?? -1)|\(ride.lastCommitUTCms ?? -1)|"
                + "\(t.fixCount)|\(t.acceptedCount)|\(t.distanceM)|\(t.ascentM ?? -1)|\(ride.parameters.version)\n"
            for byte in line.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "roam-drive/1 " + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The bytes a file takes on the image: whole 4 KiB clusters (`mkfs.vfat -s 8`).
    static func onDisk(_ bytes: Int64) -> Int64 {
        (bytes + clusterBytes - 1) / clusterBytes * clusterBytes
    }

    static let clusterBytes: Int64 = 4096
}
