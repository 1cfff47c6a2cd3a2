import Glibc
import RoamPorts
import Testing
@testable import RoamHardware

@Suite struct LinuxI2CBusTests {
    @Test func openingAMissingBusNamesTheDeviceAndTheFix() {
        #expect {
            _ = try LinuxI2CBus(device: "/dev/i2c-99")
        } throws: { error in
            guard let error = error as? DeviceError else { return false }
            return error.kind == .i2c && error.operation == .open && error.device == "/dev/i2c-99"
                && error.errno == .noSuchFile
                && error.description == "i2c open on /dev/i2c-99 failed: it does not exist. "
                    + "Check that I2C is enabled (dtparam=i2c_arm=on) and the bus in board.conf."
        }
    }

    /// A block read cut short is what the driver found, not an EIO the kernel never gave.
    @Test func aShortBlockReadIsAFindingInWords() {
        let e = LinuxI2CBus.shortBlock("/dev/i2c-1", 0x76, 0x88, got: 3, of: 24)
        #expect(e.errno == nil && e.finding?.kind == .shortRead && !e.failed(with: EIO))
        #expect(e.description == "i2c read on /dev/i2c-1 (addr 0x76, reg 0x88, 24-byte block): the block read returned 3 of 24 bytes. "
            + "A transfer cut short: check the wiring and the chip's 3.3 V supply.")
    }

    @Test func errorContextNamesAddressAndRegisterInHex() {
        #expect(I2CContext.detail(address: 0x76, register: 0xF7) == "addr 0x76, reg 0xF7")
        #expect(I2CContext.detail(address: 0x77, register: 0x88, "24-byte block") == "addr 0x77, reg 0x88, 24-byte block")
        #expect(I2CContext.hex(UInt8(5)) == "0x05")
    }
}
