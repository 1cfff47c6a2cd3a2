import RoamPorts
import RoamHardware
import RoamSystem

/// The host's end of the bench's wire: the real `SerialPort` on the pty's secondary, whose writes
/// return once the bench's module has taken the bytes, as `tcdrain` returns on a UART once they
/// left it. On a pty `tcdrain` returns at once and a termios change is not ordered against the
/// bytes before it, so a command written at 9600 just before a switch to 115200 could be judged
/// at 115200 by a module link that read it late (a loaded machine). While it waits it reads what
/// the module sends, served by the next reads: a capture replay that filled the pty, and the
/// module's answer blocked behind it, go on, so the module reads the command (a UART's receiver
/// never stops while its host transmits).
public final class BenchSerialLine: SerialLine, PollableSource {
    public let port: SerialPort
    private let replayer: NMEAReplayer
    /// What the module sent while a write waited for it, for the next reads.
    private var held: [UInt8] = []

    public init(_ replayer: NMEAReplayer, baud: Int) throws(DeviceError) {
        self.replayer = replayer
        port = try SerialPort(path: replayer.secondaryPath, baud: baud)
    }

    public var device: String { port.device }
    public var baud: Int { port.baud }
    public var readiness: PortReadiness { held.isEmpty ? port.readiness : .now }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int {
        guard !held.isEmpty else { return try port.read(into: buffer, timeoutMs: timeoutMs) }
        let n = min(buffer.count, held.count)
        buffer.copyBytes(from: held[0..<n])
        held.removeFirst(n)
        return n
    }

    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        try port.write(bytes)
        guard let link = replayer.module else { return }
        let posted = link.post(bytes.count)
        let deadline = MonotonicClock.nowNs() + ModuleLink.takenBoundNs
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !link.hasTaken(posted) {
            let now = MonotonicClock.nowNs()
            guard now < deadline, case .descriptor(let fd) = port.readiness else { return }
            switch link.takenSignal.wait(for: fd, timeoutMs: Int32(clamping: (deadline - now) / 1_000_000 + 1)) {
            case .ready:
                let n: Int
                // A read that fails (the module unplugged) is left to the next read, which reports it.
                do { n = try chunk.withUnsafeMutableBytes { try port.read(into: $0, timeoutMs: 0) } } catch { return }
                held += chunk[0..<n]
            case .woken: continue
            case .timedOut, .failed: return
            }
        }
    }

    public func setBaud(_ newBaud: Int) throws(DeviceError) { try port.setBaud(newBaud) }
}

extension NMEAReplayer {
    /// A receiver on this bench's wire (`BenchSerialLine`), set up as `setup` says.
    public func receiver(baud: Int, setup: ReceiverSetup? = nil) -> GNSSReceiver {
        GNSSReceiver(device: secondaryPath, setup: setup) { [self] () throws(DeviceError) -> any ByteSource in
            try BenchSerialLine(self, baud: baud)
        }
    }
}
