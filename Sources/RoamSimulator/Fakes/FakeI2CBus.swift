import RoamPorts
import RoamSystem
import Synchronization

/// An `I2CBus` with register-map peripherals at addresses instead of wires.
///
/// An address with nothing attached (or whose chip was made to vanish) fails exactly as the real
/// bus does when no chip acknowledges: `DeviceError` with errno `.remoteIO` (a NACK) and the wiring
/// hint. Internally locked, so a bench scenario may unplug a chip from another thread.
public final class FakeI2CBus: I2CBus, Sendable {
    /// One SMBus call as the driver issued it, for asserting a driver's sequence.
    public enum Transfer: Equatable, Sendable, CustomStringConvertible {
        case readByte(address: UInt16, register: UInt8)
        case writeByte(address: UInt16, register: UInt8, value: UInt8)
        case readBlock(address: UInt16, register: UInt8, count: Int)

        public var description: String {
            switch self {
            case let .readByte(a, r): "read \(I2CContext.hex(a)):\(I2CContext.hex(r))"
            case let .writeByte(a, r, v): "write \(I2CContext.hex(a)):\(I2CContext.hex(r)) = \(I2CContext.hex(v))"
            case let .readBlock(a, r, n): "read \(I2CContext.hex(a)):\(I2CContext.hex(r)) ×\(n)"
            }
        }
    }

    private struct State {
        var attached: [UInt16: any I2CPeripheral] = [:]
        /// Addresses that stopped acknowledging, with the errno the adapter reports for them.
        var vanished: [UInt16: Errno] = [:]
        var transfers: [Transfer] = []
    }

    public let device: String
    private let state = Mutex(State())

    /// `device` is what errors name; a bench board names its bus "bench".
    public init(device: String = "fake:i2c-1") { self.device = device }

    /// Puts `peripheral` at `address`, replacing whatever was there.
    public func attach(_ peripheral: some I2CPeripheral, at address: UInt16) {
        state.withLock { $0.attached[address] = peripheral; $0.vanished[address] = nil }
    }

    /// The chip at `address` stops acknowledging (a loose connector), until `reappear(address:)`.
    /// It keeps its registers: call the peripheral's own power-on reset if it lost power too.
    /// `errno` is how the adapter reports it: a Pi's EREMOTEIO (a NACK), ENXIO on some adapters,
    /// EIO from one whose transfer broke off (SDA pulled low by a chip losing power).
    public func vanish(address: UInt16, errno: Errno = .remoteIO) { state.withLock { $0.vanished[address] = errno } }

    /// The chip at `address` acknowledges again.
    public func reappear(address: UInt16) { state.withLock { $0.vanished[address] = nil } }

    /// The calls so far, NACKed ones included, in order: all of them up to `logLimit`, then at
    /// least the latest `logLimit`. Bounded because the bench board reads its barometer for hours
    /// (an unbounded log grew the recorder by 1.5 MB over a 24-hour 10 Hz replay).
    public var transfers: [Transfer] { state.withLock { $0.transfers } }
    public static let logLimit = 4096

    public func clearTransfers() { state.withLock { $0.transfers.removeAll() } }

    public func readByte(address: UInt16, register: UInt8) throws(DeviceError) -> UInt8 {
        try transfer(.readByte(address: address, register: register))[0]
    }

    public func writeByte(address: UInt16, register: UInt8, value: UInt8) throws(DeviceError) {
        _ = try transfer(.writeByte(address: address, register: register, value: value))
    }

    public func readBlock(address: UInt16, register: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        precondition((1...I2CContext.maxBlockCount).contains(count), "SMBus block reads carry 1…32 bytes")
        return try transfer(.readBlock(address: address, register: register, count: count))
    }

    /// Logs the call, routes it by address as the I2C transfers an adapter would put on the wire,
    /// and turns an `Errno` into the same `DeviceError` the real bus would throw.
    private func transfer(_ call: Transfer) throws(DeviceError) -> [UInt8] {
        let (address, register, operation): (UInt16, UInt8, DeviceError.Operation) = switch call {
        case let .readByte(a, r), let .readBlock(a, r, _): (a, r, .read)
        case let .writeByte(a, r, _): (a, r, .write)
        }
        let result: Result<[UInt8], Errno> = state.withLock { state in
            state.transfers.append(call)
            if state.transfers.count >= 2 * Self.logLimit { state.transfers.removeFirst(Self.logLimit) }
            if let errno = state.vanished[address] { return .failure(errno) }
            guard var chip = state.attached[address] else { return .failure(.remoteIO) }
            defer { state.attached[address] = chip }
            do throws(Errno) {
                switch call {
                case .readByte:
                    try chip.write([register])
                    return .success(try chip.read(count: 1))
                case let .writeByte(_, _, value):
                    try chip.write([register, value])
                    return .success([])
                case let .readBlock(_, _, count):
                    try chip.write([register])
                    return .success(try chip.read(count: count))
                }
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case let .success(bytes): return bytes
        case let .failure(errno):
            throw DeviceError(.i2c, operation, device: device,
                              detail: I2CContext.detail(address: address, register: register), errno: errno)
        }
    }
}
