import RoamStore
import RoamCore

/// When the data directory counts as nearly full (docs/DESIGN.md §6 "storage nearly full").
/// The recorder checks it every `checkEveryS`, shows it on the LED and in `status`, writes a
/// "storage low" event into the recording ride, and goes on recording: it never deletes a ride
/// to make room (only `prune` removes rides, and only dumped ones).
public struct LowStorageRule: Sendable, Equatable {
    /// Low when fewer hours of riding than this still fit at `rateHz`, at the database's cost per
    /// fix (`StorageEstimate`): two hours leave room to finish a ride and get home.
    public var minHours = 2.0
    /// The worst case a receiver sends.
    public var rateHz = 10.0
    /// Low, too, below this many bytes free on the card itself (`cardBytes`: the database's free
    /// pages left out): the rule before a first fix gives a cost per fix, and room for SQLite's WAL
    /// and the status file whatever the estimate says (`RecordingReserve`).
    public var minFreeBytes = UInt64(RecordingReserve.bytes)
    /// Cleared only with this margin, so a filesystem hovering at the threshold does not flicker.
    public var clearMargin = 1.25
    public var checkEveryS = 30.0

    public init() {}

    public func isLow(_ e: StorageEstimate) -> Bool {
        e.cardBytes < minFreeBytes || (e.hoursOfRiding(rateHz: rateHz).map { $0 < minHours } ?? false)
    }

    public func isClear(_ e: StorageEstimate) -> Bool {
        Double(e.cardBytes) >= Double(minFreeBytes) * clearMargin
            && (e.hoursOfRiding(rateHz: rateHz).map { $0 >= minHours * clearMargin } ?? true)
    }

    func describe(_ e: StorageEstimate) -> LowStorage {
        // The card's own room: the floor is judged on it (free pages hold only fixes, and count in
        // the hours). No more words: the status file's slot holds this line at its longest.
        let free = ByteSize.text(Int64(clamping: e.cardBytes)) + " free"
        let hours = e.hoursOfRiding(rateHz: rateHz)
        let fits = hours.map { ", about \(FixedPoint.format($0, digits: 1)) h of riding at \(FixedPoint.format(rateHz, digits: 0)) Hz" } ?? ""
        let limit = " (limit \(FixedPoint.format(minHours, digits: 1)) h or \(ByteSize.text(Int64(clamping: minFreeBytes)))): dump and prune rides"
        return LowStorage(freeBytes: e.freeBytes, hoursOfRiding: hours, detail: free + fits + limit)
    }
}

/// What the recorder found when storage fell below `LowStorageRule`.
public struct LowStorage: Sendable, Equatable {
    public var freeBytes: UInt64
    public var hoursOfRiding: Double?
    public var detail: String
}
