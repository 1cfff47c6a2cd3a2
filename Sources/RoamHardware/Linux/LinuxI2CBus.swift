import RoamPorts
import RoamSystem
import CShims
import Glibc

/// `/dev/i2c-N` through the kernel's i2c-dev interface and libi2c's SMBus calls (CShims `roam_i2c_*`).
///
/// Owns one descriptor for its lifetime (closed in deinit) and issues I2C_SLAVE only when the target
/// address changes, so a sensor polled every epoch costs one ioctl per transfer, not two.
public final class LinuxI2CBus: I2CBus {
    public let device: String
    private let fd: CInt
    private var selectedAddress: UInt16?

    /// Opens the bus read-write. Throws `.open` with the errno's hint (ENOENT: I2C not enabled or a
    /// wrong bus in board.conf; EACCES: not in the 'i2c' group).
    public init(device: String) throws(DeviceError) {
        let opened = retryingOnInterrupt { roam_i2c_open(device) }
        guard opened >= 0 else { throw DeviceError(.i2c, .open, device: device, errno: Errno(shimResult: opened)) }
        self.device = device
        self.fd = opened
    }

    deinit {
        // close() is not retried on EINTR: on Linux the descriptor is released either way.
        _ = Glibc.close(fd)
    }

    public func readByte(address: UInt16, register: UInt8) throws(DeviceError) -> UInt8 {
        try select(address, register)
        let r = retryingOnInterrupt { roam_i2c_read_byte(fd, register) }
        guard r >= 0 else { throw failure(.read, address, register, r) }
        return UInt8(truncatingIfNeeded: r)
    }

    public func writeByte(address: UInt16, register: UInt8, value: UInt8) throws(DeviceError) {
        try select(address, register)
        let r = retryingOnInterrupt { roam_i2c_write_byte(fd, register, value) }
        guard r >= 0 else { throw failure(.write, address, register, r, "value \(I2CContext.hex(value))") }
    }

    public func readBlock(address: UInt16, register: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        precondition((1...I2CContext.maxBlockCount).contains(count), "SMBus block reads carry 1…32 bytes")
        try select(address, register)
        var bytes = [UInt8](repeating: 0, count: count)
        let r = bytes.withUnsafeMutableBufferPointer { buffer in
            retryingOnInterrupt { roam_i2c_read_block(fd, register, buffer.baseAddress!, buffer.count) }
        }
        guard r >= 0 else { throw failure(.read, address, register, r, "\(count)-byte block") }
        guard Int(r) == count else { throw Self.shortBlock(device, address, register, got: Int(r), of: count) }
        return bytes
    }

    /// A short block would leave zeros that decode as plausible numbers; refused as what it is (the kernel gave no error).
    static func shortBlock(_ device: String, _ address: UInt16, _ register: UInt8, got: Int, of count: Int) -> DeviceError {
        DeviceError(.i2c, .read, device: device, detail: I2CContext.detail(address: address, register: register, "\(count)-byte block"),
                    finding: DeviceFinding(.shortRead, "the block read returned \(got) of \(count) bytes"),
                    hint: "A transfer cut short: check the wiring and the chip's 3.3 V supply.")
    }

    private func select(_ address: UInt16, _ register: UInt8) throws(DeviceError) {
        guard selectedAddress != address else { return }
        let r = retryingOnInterrupt { roam_i2c_set_address(fd, address) }
        guard r == 0 else {
            let errno = Errno(shimResult: r)
            // EBUSY here means a kernel driver owns the address, not another program.
            let hint = errno == .busy
                ? "A kernel driver has claimed \(I2CContext.hex(address)) (e.g. dtoverlay=i2c-sensor,bmp280); remove the overlay."
                : nil
            throw DeviceError(.i2c, .configure, device: device, detail: "addr \(I2CContext.hex(address))", errno: errno, hint: hint)
        }
        selectedAddress = address
    }

    private func failure(_ operation: DeviceError.Operation, _ address: UInt16, _ register: UInt8,
                         _ result: CInt, _ extra: String? = nil) -> DeviceError {
        DeviceError(.i2c, operation, device: device,
                    detail: I2CContext.detail(address: address, register: register, extra), errno: Errno(shimResult: result))
    }
}
