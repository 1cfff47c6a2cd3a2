import RoamPorts
import RoamSystem

/// An I2C bus that may not exist yet when the recorder starts (i2c-dev loaded late in boot, a bus
/// enabled after the unit started): opened at the first transfer that finds it. While it is missing,
/// every transfer throws the open's error, so the barometer's re-probe with backoff is also the
/// bus's retry, and the ride records without pressure meanwhile (fixes flagged, P6).
///
/// An open bus is opened again only when its node went away: a USB I2C adapter unplugged leaves
/// the descriptor talking to a dead adapter (ENODEV from its driver), and the kernel's
/// i2c_del_adapter waits for every open descriptor to close before the adapter can go and come
/// back. So after a failed transfer the node under the path is compared with the one opened: gone
/// or made again, the descriptor is closed at once and the next transfer opens the path again.
/// A chip that does not answer (a NAK) leaves the node as it was, and the descriptor is kept.
public final class ReopeningI2CBus: I2CBus {
    public let device: String
    private let open: (String) throws(DeviceError) -> any I2CBus
    private var bus: (any I2CBus)?
    /// The node the open bus was opened at (nil for a bus with no node, a fake's).
    private var node: FileIdentity?
    /// The open's error while the bus is missing (nil once it is open).
    public private(set) var openError: DeviceError?

    /// `open` is `LinuxI2CBus.init` on a board; tests pass a bus that appears later.
    public init(device: String, open: @escaping (String) throws(DeviceError) -> any I2CBus = { (d: String) throws(DeviceError) -> any I2CBus in try LinuxI2CBus(device: d) }) {
        self.device = device
        self.open = open
        _ = try? current()  // opened early if it can be; each use opens it again and throws
    }

    public var isOpen: Bool { bus != nil }

    private func current() throws(DeviceError) -> any I2CBus {
        if let bus { return bus }
        do {
            let opened = try open(device)
            bus = opened
            node = FileSystem.identity(device)
            openError = nil
            return opened
        } catch {
            openError = error
            throw error
        }
    }

    /// Runs one transfer; when it fails, closes a descriptor whose node is no longer at the path.
    private func transfer<T>(_ body: (any I2CBus) throws(DeviceError) -> T) throws(DeviceError) -> T {
        let bus = try current()
        do {
            return try body(bus)
        } catch {
            if let node, FileSystem.identity(device) != node {
                self.bus = nil
                self.node = nil
            }
            throw error
        }
    }

    public func readByte(address: UInt16, register: UInt8) throws(DeviceError) -> UInt8 {
        try transfer { (bus) throws(DeviceError) in try bus.readByte(address: address, register: register) }
    }

    public func writeByte(address: UInt16, register: UInt8, value: UInt8) throws(DeviceError) {
        try transfer { (bus) throws(DeviceError) in try bus.writeByte(address: address, register: register, value: value) }
    }

    public func readBlock(address: UInt16, register: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        try transfer { (bus) throws(DeviceError) in try bus.readBlock(address: address, register: register, count: count) }
    }
}
