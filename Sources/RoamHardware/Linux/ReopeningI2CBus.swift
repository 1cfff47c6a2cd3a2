import RoamPorts
/// An I2C bus that may not exist yet when the recorder starts (i2c-dev loaded late in boot, a bus
/// enabled after the unit started): opened at the first transfer that finds it. While it is missing,
/// every transfer throws the open's error, so the barometer's re-probe with backoff is also the
/// bus's retry, and the ride records without pressure meanwhile (fixes flagged, P6).
public final class ReopeningI2CBus: I2CBus {
    public let device: String
    private let open: (String) throws(DeviceError) -> any I2CBus
    private var bus: (any I2CBus)?
    /// The open's error while the bus is missing (nil once it is open).
    public private(set) var openError: DeviceError?

    /// `open` is `LinuxI2CBus.init` on a board; tests pass a bus that appears later.
    public init(device: String, open: @escaping (String) throws(DeviceError) -> any I2CBus = { (d: String) throws(DeviceError) -> any I2CBus in try LinuxI2CBus(device: d) }) {
        self.device = device
        self.open = open
        _ = try? current()
    }

    public var isOpen: Bool { bus != nil }

    private func current() throws(DeviceError) -> any I2CBus {
        if let bus { return bus }
        do {
            let opened = try open(device)
            bus = opened
            openError = nil
            return opened
        } catch {
            openError = error
            throw error
        }
    }

    public func readByte(address: UInt16, register: UInt8) throws(DeviceError) -> UInt8 {
        try current().readByte(address: address, register: register)
    }

    public func writeByte(address: UInt16, register: UInt8, value: UInt8) throws(DeviceError) {
        try current().writeByte(address: address, register: register, value: value)
    }

    public func readBlock(address: UInt16, register: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        try current().readBlock(address: address, register: register, count: count)
    }
}
