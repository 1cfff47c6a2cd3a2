import RoamPorts
import RoamSystem

/// The far end of an I2C wire: a chip seen through plain I2C transfers, behind `FakeI2CBus`.
///
/// The bus turns each SMBus call into the transfers the real adapter puts on the wire: "read byte
/// data" and "I2C block read" are `write([register])` then `read(count:)` after a repeated start;
/// "write byte data" is `write([register, value])`. So a peripheral models its register pointer
/// and auto-increment exactly as the chip does, and the driver's addressing is what gets tested.
///
/// A peripheral throws `Errno` (what the adapter would report, e.g. `.remoteIO` for a NACK);
/// the bus adds the device, address and register to make it a `DeviceError`. Sendable because a
/// bench scenario scripts a chip from one thread while the sensor thread reads it through the bus.
public protocol I2CPeripheral: Sendable {
    /// A write transfer. The first byte is the register address; what follows is data.
    mutating func write(_ bytes: [UInt8]) throws(Errno)

    /// A read transfer of `count` bytes starting at the register pointer.
    mutating func read(count: Int) throws(Errno) -> [UInt8]
}
