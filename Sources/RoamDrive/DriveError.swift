/// Why the drive could not be built or offered, in one sentence that says what to do, system
/// errors in plain words (`Errno.reason`). An image built before is always kept when one of these
/// is thrown; the keeper says whether there was one.
public struct DriveError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// dosfstools or mtools missing.
        case toolMissing
        /// mkfs.vfat, mcopy, mdir or mtype failed.
        case toolFailed
        /// Not enough room on the data directory's file system for a new image.
        case storageFull
        /// The image at start is missing or unreadable.
        case imageUnreadable
        /// A file system call on the image or its folder failed.
        case fileSystem
        /// No USB device controller, or no configfs gadget support.
        case noGadget
        /// Another gadget holds the USB device controller (the kernel refused the binding as busy).
        case controllerHeld
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// A ride the drive leaves out because its rows cannot be read completely (the database is damaged
/// there); the writer throws it, the build names the ride and offers the others.
public struct DamagedRide: Error, CustomStringConvertible {
    public var rideID: Int64
    /// What stopped the read, in words.
    public var reason: String

    public init(rideID: Int64, reason: String) {
        self.rideID = rideID
        self.reason = reason
    }

    public var description: String { "ride \(rideID) cannot be read completely (\(reason))" }
}
