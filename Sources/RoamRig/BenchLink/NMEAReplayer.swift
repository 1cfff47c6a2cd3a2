import Glibc
import RoamPorts
import RoamCore
import RoamHardware
import RoamSimulator
import RoamSystem

/// Writes NMEA bytes into the primary side of a real pseudo-terminal, so the recorder's real
/// `SerialPort` reads them through real termios settings, exactly like a receiver on a UART.
/// With a `FakeGNSSModule` attached, the bytes go out as that module would send them (its
/// sentence set, its baud) and the host's commands are answered.
/// `@unchecked Sendable`: `module` is attached once, before the first write, by the thread that
/// then plays the script; the pty and the module link are thread-safe for their own parts.
public final class NMEAReplayer: @unchecked Sendable {
    public let pty: PseudoTerminal
    public var secondaryPath: String { pty.secondaryPath }
    public private(set) var module: ModuleLink?

    public init() throws(DeviceError) { pty = try PseudoTerminal() }

    /// Puts a simulated module at the far end (the bench board's receiver); throws when the system has
    /// no thread or descriptor left for its link.
    public func attach(_ fake: FakeGNSSModule, idleIntervalMs: UInt64 = 250) throws(SystemError) {
        module = try ModuleLink(pty: pty, module: fake, idleIntervalMs: idleIntervalMs)
    }

    /// Writes a whole capture (a gpsd log, say) in chunks. The pty's buffer is small and the
    /// primary blocks when it is full, so this runs exactly as fast as the reader takes bytes.
    public func replay(capture bytes: [UInt8], chunk: Int = 1024) throws(DeviceError) {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            try write(Array(bytes[offset..<end]))
            offset = end
        }
    }

    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        if let module { try module.transmit(bytes) } else { try pty.write(bytes) }
    }

    /// A descriptor of the secondary, held from `unplug` on: its number stays taken, so its path does
    /// not come back as another program's new pty while the recorder tries to reopen it (a pulled-out
    /// USB receiver's path stays gone). -1 until then.
    private var heldSecondary: CInt = -1

    /// Closes the primary: the reader sees EIO, as when a USB receiver is unplugged.
    public func unplug() {
        if heldSecondary < 0 { heldSecondary = Glibc.open(pty.secondaryPath, O_RDWR | O_NOCTTY | O_CLOEXEC) }
        // A writer waiting for room (a replay into a host that stopped reading) would wait on past the close.
        pty.abandonWrites()
        module?.stop()
        pty.close()
    }

    deinit {
        module?.stop()
        if heldSecondary >= 0 { Glibc.close(heldSecondary) }
    }
}
