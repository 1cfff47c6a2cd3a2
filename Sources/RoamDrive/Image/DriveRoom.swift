import RoamSystem

/// The room a build found for the drive when it left rides off for lack of it: the drive is built
/// again once enough room is freed (a rider deleting files on the card, a log rotation), not only
/// when the rides change. Room is the card's free bytes plus what the drive's own images take, so
/// swapping images in (the old spare's blocks freed) is never room freed. Kept in the image's
/// manifest, so `drive-image` and a restarted keeper watch it as well.
public struct DriveRoom: Codable, Equatable, Sendable {
    /// The room when the build finished, or when a build was last tried for room freed.
    public var atBuild: Int64
    /// How much more room lets one more ride on (`wanted(smallestRide:)`).
    public var wanted: Int64

    /// Less than this is not worth a build: the card's own churn (a log, the database's journal).
    static let least: Int64 = 4 << 20

    /// Twice the smallest ride left off for lack of room: its files are staged on the card, then
    /// copied into the image (the builder gives the image half the free space above the reserve).
    static func wanted(smallestRide bytes: Int64) -> Int64 { max(2 * bytes, least) }

    /// The card's free bytes (statvfs) plus the bytes every image role takes.
    static func measure(_ slots: DriveImageSlots) throws -> Int64 {
        try slots.freeBytes() + [slots.image, slots.next, slots.spare, slots.new].reduce(Int64(0)) { $0 + FileSystem.allocatedBytes($1) }
    }

    /// The room freed since, once it is `wanted` or more. The watch then starts from now, so a build
    /// that fails or leaves rides off again is tried again only once room is freed beyond it.
    mutating func freed(_ slots: DriveImageSlots) -> Int64? {
        guard let now = try? Self.measure(slots), now - atBuild >= wanted else { return nil }  // unmeasured: not freed yet; the next step measures again
        defer { atBuild = now }
        return now - atBuild
    }
}
