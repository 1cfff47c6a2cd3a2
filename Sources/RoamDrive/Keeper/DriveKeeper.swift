import Foundation
import RoamStore

/// Follows the cable: keeps the drive image in step with the rides while no host has the drive,
/// re-points the gadget's medium after a swap, and marks the rides on the medium as handed over
/// when a host configures the gadget. It reads the database through a WAL reader and writes only
/// the hand-over marks (`DumpLedger`), so the recorder never waits for more than one UPDATE.
///
/// The hand-over rule: a stopped ride counts as handed over once the gadget was in the UDC state
/// "configured" (a host enumerated it and chose its configuration) while the ride was on the medium.
/// Marked at that moment, not at unplug: on a Pi Zero 2 W the cable is also the power, and
/// unplugging cuts it.
public final class DriveKeeper {
    public struct Settings {
        public var databasePath: String
        public var builder: DriveImageBuilder
        public var boardName: String
        /// nil: build the image only (no gadget; `drive-image`, and hosts without a device port).
        public var gadget: MassStorageGadget?
        public var udc: String?
        public init(databasePath: String, builder: DriveImageBuilder, boardName: String,
                    gadget: MassStorageGadget? = nil, udc: String? = nil) {
            self.databasePath = databasePath; self.builder = builder; self.boardName = boardName
            self.gadget = gadget; self.udc = udc
        }
    }

    public let settings: Settings
    private let writer: DriveRideWriter
    private let say: (String) -> Void
    private let reader: RideReader
    private var ledger: DumpLedger?
    /// The image file's state, and the one the gadget serves (they differ until a re-point).
    private var built: (fingerprint: String?, rides: [Int64]) = (nil, [])
    private var served: [Int64]?
    /// A database state whose build failed: tried again only once the rides change.
    private var failedFingerprint: String?
    private var lastState: String?
    /// The last build's failure, nil after a success (`drive-image` exits with it).
    public private(set) var lastFailure: DriveError?
    private var markedThisPlug = false

    public init(_ settings: Settings, writer: DriveRideWriter, say: @escaping (String) -> Void) throws {
        self.settings = settings
        self.writer = writer
        self.say = say
        reader = try RideReader(path: settings.databasePath)
    }

    /// Reads the image there (a missing or corrupt one is said and rebuilt), builds it if the rides
    /// changed, then offers it on the gadget.
    public func start(nowUTCms: Int64) throws {
        do {
            let listing = try DriveImageReader.read(settings.builder.imagePath)
            built = (listing.fingerprint, listing.rideIDs)
        } catch let e as DriveError where e.kind == .imageUnreadable {
            if FileManager.default.fileExists(atPath: settings.builder.imagePath) {
                say("drive: \(e.description); building a new one")
            }
        }
        _ = try rebuildIfChanged(nowUTCms: nowUTCms)
        guard let gadget = settings.gadget, let udc = settings.udc else { return }
        let medium = FileManager.default.fileExists(atPath: settings.builder.imagePath) ? settings.builder.imagePath : ""
        try gadget.setUp(image: medium, udc: udc, serial: serial)
        served = medium.isEmpty ? nil : built.rides
    }

    /// One look at the cable and the rides. Returns whether an image was built.
    @discardableResult
    public func step(nowUTCms: Int64) throws -> Bool {
        let state = settings.gadget.flatMap { g in settings.udc.flatMap { g.state($0) } }
        defer { lastState = state }
        if state != lastState, let state { say("drive: USB state \(state)") }
        if state == "configured" {
            if !markedThisPlug { try markServed(nowUTCms: nowUTCms) }
            return false
        }
        markedThisPlug = false
        // A controller that went away and came back (its driver reloaded) lost the binding: bind again.
        if let gadget = settings.gadget, let udc = settings.udc, state != nil, gadget.boundController == "" {
            try gadget.bind(udc)
            say("drive: \(udc) is back: gadget bound again")
        }
        let didBuild = try rebuildIfChanged(nowUTCms: nowUTCms)
        // No host holds the medium now: hand it the newest image (the kernel reopens the file).
        if let gadget = settings.gadget, served != built.rides || didBuild,
           FileManager.default.fileExists(atPath: settings.builder.imagePath) {
            try gadget.point(at: settings.builder.imagePath)
            served = built.rides
        }
        return didBuild
    }

    /// Builds the image unless it already holds the rides as they are. Never throws for lack of
    /// room or a failing tool: the previous image stays, the reason is said once.
    public func rebuildIfChanged(nowUTCms: Int64) throws -> Bool {
        let rides = try reader.rides()
        let fingerprint = DriveSelection.fingerprint(rides)
        guard fingerprint != built.fingerprint, fingerprint != failedFingerprint else { return false }
        let facts = DriveReadme.Facts(boardName: settings.boardName, builtUTCms: nowUTCms)
        do {
            let contents = try settings.builder.build(rides: rides, writer: writer, facts: facts)
            built = (contents.fingerprint, contents.rideIDs)
            failedFingerprint = nil
            lastFailure = nil
            let left = contents.leftOff.isEmpty ? "" : "; left off for lack of room: rides \(contents.leftOff.map(String.init).joined(separator: ", "))"
            say("drive: built \(settings.builder.imagePath) (\(DriveReadme.megabytes(contents.imageBytes))) with \(contents.rides.count) ride(s)\(left)")
            return true
        } catch let e as DriveError {
            failedFingerprint = fingerprint
            lastFailure = e
            say("drive: \(e.description)")
            return false
        }
    }

    /// Marks every ride on the served medium that is not yet handed over.
    private func markServed(nowUTCms: Int64) throws {
        markedThisPlug = true
        guard let served, !served.isEmpty else { return }
        let dumped = Set(try reader.rides().filter { $0.dumpedUTCms != nil }.map(\.id))
        let fresh = served.filter { !dumped.contains($0) }
        guard !fresh.isEmpty else {
            say("drive: a host has the drive: every ride on it was handed over already")
            return
        }
        if ledger == nil { ledger = try DumpLedger(path: settings.databasePath) }
        var marked: [Int64] = []
        for id in fresh {
            do {
                try ledger!.markDumped(id: id, dumpedUTCms: nowUTCms, keepingEarlier: true)
                marked.append(id)
            } catch StoreError.corruptRow {
                // Pruned since the image was built: nothing left to mark.
            }
        }
        say("drive: a host has the drive: handed over rides \(marked.map(String.init).joined(separator: ", "))")
    }

    /// The gadget's serial number: stable for a board, so a host keeps its mount point.
    private var serial: String {
        let digits = settings.boardName.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        return "ROAM" + String(digits, radix: 16, uppercase: true)
    }
}
