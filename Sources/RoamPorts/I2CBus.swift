/// An I2C bus spoken in SMBus transactions: the real `/dev/i2c-N` (`LinuxI2CBus`) or, on the bench
/// and in tests, `FakeI2CBus` with register-map peripherals behind it.
///
/// A bus is one shared resource (one descriptor, one currently selected address), so conformers
/// are reference types. Every failure is a `DeviceError` naming the bus, address and register;
/// a chip that does not answer is `.remoteIO` (EREMOTEIO, a NACK), as the kernel reports it.
public protocol I2CBus: AnyObject {
    /// The bus as named in the board file, e.g. "/dev/i2c-1".
    var device: String { get }

    /// SMBus "read byte data": one register of the chip at `address`.
    func readByte(address: UInt16, register: UInt8) throws(DeviceError) -> UInt8

    /// SMBus "write byte data": one register of the chip at `address`.
    func writeByte(address: UInt16, register: UInt8, value: UInt8) throws(DeviceError)

    /// SMBus "I2C block read": `count` (1…32) consecutive registers from `register`, in one
    /// transaction so a chip that shadows its data registers during a burst returns one coherent set.
    func readBlock(address: UInt16, register: UInt8, count: Int) throws(DeviceError) -> [UInt8]
}

/// How I2C errors name what they were talking to, shared by the real and the fake bus so both
/// produce the same text: "addr 0x76, reg 0xF7".
public enum I2CContext {
    /// The largest SMBus block: the kernel's I2C_SMBUS_BLOCK_MAX.
    public static let maxBlockCount = 32

    public static func detail(address: UInt16, register: UInt8, _ extra: String? = nil) -> String {
        let base = "addr \(hex(address)), reg \(hex(register))"
        return extra.map { "\(base), \($0)" } ?? base
    }

    /// "0x76", upper-case, at least two digits.
    public static func hex(_ value: some BinaryInteger) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
