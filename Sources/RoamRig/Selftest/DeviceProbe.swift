import RoamPorts
import RoamRecorder
import RoamSystem
import Glibc
import RoamCore
import RoamHardware
import RoamStore

/// One line of `selftest`: a device, whether it works, and in words what was found or what to check.
public struct ProbeResult: Sendable, Equatable, CustomStringConvertible {
    public var device: String
    public var isOK: Bool
    public var message: String
    /// Something to know that is not the recorder's failure (a USB controller held by another
    /// gadget): printed as NOTE, and counted as OK.
    public var isNote = false

    public init(_ device: String, ok: Bool, _ message: String) { self.device = device; isOK = ok; self.message = message }

    public static func note(_ device: String, _ message: String) -> ProbeResult {
        var result = ProbeResult(device, ok: true, message)
        result.isNote = true
        return result
    }

    public var description: String { "\(isNote ? "NOTE" : isOK ? "OK  " : "FAIL") \(device): \(message)" }
}

/// The checks behind `selftest`, each against a port, so the same code probes the board's real
/// devices and, in tests, fakes that fail in every way a wire can.
public enum DeviceProbe {
    /// Listens to the receiver for up to `listenMs` (or until two epochs arrived) and judges the bytes:
    /// none (wiring, power, a console on the port), junk (a wrong baud), or NMEA (what it says).
    public static func receiver(_ source: ByteSource, baud: Int, listenMs: UInt64 = 3000,
                                clock: () -> UInt64 = MonotonicClock.nowNs) -> ProbeResult {
        let setup = (source as? GNSSReceiver)?.lastReport
        // The baud the receiver was found at (or moved to), when it was looked for.
        let name = "uart \(source.device) at \(setup?.baud ?? baud) baud"
        var stream = NMEAStream()
        var epochs: [Epoch] = []
        var bytes = 0
        var buffer = [UInt8](repeating: 0, count: 1024)
        let start = clock()
        do {
            while clock() - start < listenMs * 1_000_000 && epochs.count < 2 {
                let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0, timeoutMs: 200) }
                bytes += n
                let framedBefore = stream.sentencesFramed
                epochs += stream.feed(buffer[0..<n])
                (source as? FramingFeedback)?.lastReadFramed(sentences: stream.sentencesFramed - framedBefore)
            }
        } catch {
            return ProbeResult(name, ok: false, "\(error)")
        }
        epochs += stream.finish()
        let seconds = FixedPoint.format(Double(clock() - start) / 1e9, digits: 1)
        let counters = stream.counters
        let rejected = counters.rejected.sorted { $0.value > $1.value }
            .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        if let setup, setup.sawOnlyJunk, counters.sentencesAccepted == 0 {
            return ProbeResult(name, ok: false, "\(bytes) bytes in \(seconds) s after the baud search, and no valid NMEA sentence: "
                + setup.summary + " Junk at every baud: a wrong wire, a damaged module or a console writing to the port.")
        }
        guard bytes > 0 else {
            return ProbeResult(name, ok: false, "no bytes in \(seconds) s. Check the receiver's power, its TX wire to the "
                + "board's RX (wiring.md), and that no serial console or getty holds the port.")
        }
        guard counters.sentencesAccepted > 0 else {
            return ProbeResult(name, ok: false, "\(bytes) bytes in \(seconds) s but no valid NMEA sentence (rejected: \(rejected)). "
                + "Junk like this usually means a wrong baud: board.conf says \(baud); receivers ship at 9600, 38400 or 115200.")
        }
        var text = "\(counters.sentencesAccepted) NMEA sentences in \(seconds) s (\(sentenceTypes(epochs).joined(separator: ", ")))"
        if let last = epochs.last(where: { $0.timeOfDayMs != nil }) ?? epochs.last {
            text += last.hasPosition
                ? ", \(last.fixMode == .fix3D ? "3D" : "2D") fix" + (last.satellitesUsed.map { ", \($0) satellites" } ?? "")
                : ", no fix yet (normal indoors or in the first minutes after power-up)"
        }
        if let setup { text += "; " + setup.summary }
        if counters.rejectedTotal > counters.sentencesAccepted {
            text += "; but \(counters.rejectedTotal) lines were rejected (\(rejected)): a marginal baud or a noisy line"
        }
        return ProbeResult(name, ok: true, text)
    }

    /// Probes the BMP280 (or BME280) and reads one sample. A chip that does not answer, or another
    /// chip answering in its place, is looked for at the other address (`otherAddress`).
    public static func barometer(bus: any I2CBus, address: UInt16, clock: BMP280.Clock = .monotonic) -> ProbeResult {
        let name = "i2c \(bus.device) bmp280 at \(I2CContext.hex(address))"
        let sensor = BMP280(bus: bus, address: address, clock: clock)
        do throws(DeviceError) {
            try sensor.probe()
            // In normal mode the first conversion ends about 45 ms after the probe; until then: skipped.
            for _ in 0..<10 {
                if let sample = try sensor.sample() {
                    let found = sensor.chip?.summary ?? BMP280Chip.bmp280.summary
                    return ProbeResult(name, ok: true, "\(found): \(FixedPoint.format(sample.pressurePa / 100, digits: 2)) hPa, "
                        + (sample.temperatureC.map { "\(FixedPoint.format($0, digits: 1)) °C" } ?? "no temperature"))
                }
                clock.sleep(20_000_000)
            }
            let chipName = sensor.chip?.name ?? BMP280Chip.bmp280.name
            return ProbeResult(name, ok: false, "the \(chipName) answers but reports no measurement (skipped). "
                + "Power-cycle it; check its 3.3 V supply.")
        } catch {
            return ProbeResult(name, ok: false, otherAddress(bus, address, after: error) ?? "\(error)")
        }
    }

    /// What answers at the other Bosch address (0x76/0x77) when nothing answered at `address`, or
    /// another chip did: a BMP280 or BME280 there (a wrong SDO jumper or bmp280_address) is named
    /// with the line to change; another chip there, after silence, is named as not a barometer.
    /// Nil when the other address tells nothing more: the probe's own error is then the answer.
    static func otherAddress(_ bus: any I2CBus, _ address: UInt16, after error: DeviceError) -> String? {
        let silent = error.errno == .remoteIO || error.errno == .noSuchDeviceOrAddress
        guard silent || error.finding?.kind == .unexpectedChip else { return nil }
        let other: UInt16 = address == 0x76 ? 0x77 : 0x76
        let there = I2CContext.hex(other)
        guard let id = try? bus.readByte(address: other, register: BMP280Register.chipID.rawValue) else { return nil }  // the probe's own error is the answer
        // Only a chip the driver runs is worth moving to; any other (a BME680, a second breakout) is only named.
        guard let found = BMP280Chip(rawValue: id) else {
            guard silent else { return nil }
            let what = BMP280Register.chipName(forID: id) ?? "a chip this board does not know"
            return "nothing answers at \(I2CContext.hex(address)); \(there) answers with chip id \(I2CContext.hex(id)): \(what), "
                + "not a barometer this board reads (a BMP280 or BME280). Check the barometer's wiring and 3.3 V supply, "
                + "or fit a BMP280 or BME280 at \(I2CContext.hex(address))."
        }
        guard !silent else {
            return "nothing answers at \(I2CContext.hex(address)), but a \(found.name) answers at \(there): "
                + "set bmp280_address = \(there) in board.conf (the SDO jumper decides)."
        }
        guard let finding = error.finding else { return nil }
        return "\(finding.words); found a \(found.name) at \(there): set bmp280_address = \(there) in board.conf."
    }

    /// Reads the button's level: it should read released while nobody touches it.
    public static func button(_ input: any DigitalInput, activeLow: Bool, bias: BoardProfile.Bias, biasApplied: Bool) -> ProbeResult {
        let name = "gpio \(input.device) button"
        do {
            let high = try input.readLevel()
            let pressed = high != activeLow
            let reading = "reads \(high ? "high" : "low") = \(pressed ? "pressed" : "released") (active \(activeLow ? "low" : "high"), bias \(bias.rawValue))"
            guard !pressed else {
                return ProbeResult(name, ok: false, reading + ". Release it and run again; if nobody holds it: a short, or "
                    + "button_active/button_bias wrong in board.conf (a button to ground: active low, pull-up).")
            }
            let note = biasApplied ? "" : "; the kernel refused the bias, so an external pull resistor (10 kΩ) is needed"
            return ProbeResult(name, ok: true, reading + note + ". Press it while recording to start a ride.")
        } catch {
            return ProbeResult(name, ok: false, "\(error)")
        }
    }

    /// Lights the LED for `onMs` and turns it off: the person running the test is the judge.
    public static func led(_ output: any DigitalOutput, onMs: UInt64 = 500, sleep: (UInt64) -> Void = BMP280.Clock.monotonic.sleep) -> ProbeResult {
        let name = "gpio \(output.device) led"
        do {
            try output.setLevel(true)
            sleep(onMs * 1_000_000)
            try output.setLevel(false)
            return ProbeResult(name, ok: true, "lit for \(FixedPoint.format(Double(onMs) / 1000, digits: 1)) s. "
                + "Did you see it? If not: LED polarity (long leg to the GPIO), its resistor, led_line in board.conf.")
        } catch {
            return ProbeResult(name, ok: false, "\(error)")
        }
    }

    /// Creates, syncs and removes a file in the data directory, fails one in RAM (tmpfs, an overlay
    /// in RAM: write and fsync succeed there and power-off loses it all, P1), checks that the
    /// recorder's files in it (`database`'s, `RecorderFiles`) are writable by this user, and reports
    /// the free space. `createdByRecord`: the bench, whose `record` creates its data directory on
    /// first use. `isBench`: one in RAM is a NOTE, not a FAIL (`VolatileDataRule`). `systemRoot`:
    /// where / is for /proc ("" on a board).
    public static func dataDirectory(_ path: String, database: String? = nil, createdByRecord: Bool = false, isBench: Bool = false,
                                     minimumFreeBytes: UInt64 = UInt64(RecordingReserve.bytes), systemRoot: String = "") -> ProbeResult {
        let name = "data \(FilePath.shown(path))"
        // Behind a folder this user may not search it may be there: neither "not there yet" nor "no such directory".
        let kind: FileSystem.Kind?
        do { kind = try FileSystem.kind(path) } catch { return ProbeResult(name, ok: false, "cannot be looked at: \(error.reason)") }
        guard kind == .folder else {
            if createdByRecord { return ProbeResult(name, ok: true, "not there yet; the first 'record' creates it") }
            return ProbeResult(name, ok: false, "no such directory. Create it for the recorder's user "
                + "(install -d -o roam -m 0750 \(FilePath.shown(path))), or let the unit's StateDirectory= create it.")
        }
        let probe = path + "/.selftest-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return ProbeResult(name, ok: false, "not writable: " + unwritable(.current, folder: path)) }
        // Whole, EINTR retried: a short write is written on, and its failure's errno is the write's own.
        var failure: Errno?
        do throws(Errno) {
            try Descriptor.writeAll(fd, "ok")
            _ = try retryingInterrupted { fsync(fd) }
        } catch { failure = error }
        close(fd)
        unlink(probe)
        if let failure { return ProbeResult(name, ok: false, "write + fsync failed: \(failure.words). Check the SD card.") }
        // The bench's folder in RAM is a NOTE (`VolatileDataRule`), once the other checks pass.
        var benchInRAM: String?
        do {
            if let volatile = try FolderStorage.volatility(of: path, root: systemRoot) {
                guard isBench else { return ProbeResult(name, ok: false, "writable, but " + volatile.sentence(folder: FilePath.shown(path))) }
                benchInRAM = VolatileDataRule.benchNote(volatile)
            }
        } catch where error.isOverlayUnread {
            // Not OK of what could not be looked at: the writable layer may be in RAM (P1).
            return ProbeResult(name, ok: false, "writable, but whether it is in RAM is unknown: it is " + error.overlayWords)
        } catch {
            return ProbeResult(name, ok: false, "\(error)")
        }
        if let database, let why = RecorderFiles.unwritable(database: database) {
            return ProbeResult(name, ok: false, "the folder is writable, but \(why). 'record' refuses to start until then.")
        }
        let free: UInt64
        do { free = UInt64(try FileSystem.availableBytes(path)) } catch { return ProbeResult(name, ok: false, "\(error)") }
        let freeText = ByteSize.text(Int64(clamping: free)) + " free"
        guard free >= minimumFreeBytes else {
            return ProbeResult(name, ok: false, "writable, but only \(freeText): dump and delete old rides before the next one.")
        }
        if let benchInRAM { return .note(name, "writable (write + fsync), \(freeText), " + benchInRAM) }
        return ProbeResult(name, ok: true, "writable (write + fsync), \(freeText)")
    }

    /// Why the data directory takes no new file, with the check the kernel's answer calls for: only a
    /// refusal is the owner's (a read-only or full card is not fixed by chown). A folder another
    /// user owns is theirs to check from (the rider `pi` beside the recorder's `roam`): no chown.
    static func unwritable(_ e: Errno, folder: String) -> String {
        guard e == .accessDenied || e == .notPermitted else { return e.reason(.write) + "." }
        if let other = anotherUsers(folder) { return "\(e.words): " + other }
        return "\(e.words). The recorder's user must own it (chown roam)."
    }

    /// "/var/lib/roam-board is user roam's: run it as that user: sudo -u roam roam-board selftest …"
    /// when `path` belongs to a user other than this one and root (root's folder, the recorder's user
    /// may not write either: chown it); nil otherwise.
    static func anotherUsers(_ path: String) -> String? {
        let me = FolderOwner.current
        guard me.uid != 0, let owner = FolderOwner.of(path), owner.uid != me.uid, owner.uid != 0 else { return nil }
        return "\(FilePath.shown(path)) is \(owner.words)'s: run it as that user: \(owner.runAs) roam-board selftest …"
    }

    /// "GGA, GSA, RMC": the sentence types the receiver sent, from the epochs' raw text.
    static func sentenceTypes(_ epochs: [Epoch]) -> [String] {
        let tags = epochs.flatMap(\.sentences).compactMap { s -> String? in
            guard s.hasPrefix("$"), let comma = s.firstIndex(of: ",") else { return nil }
            let tag = s[s.index(after: s.startIndex)..<comma]
            return tag.count >= 5 && !tag.hasPrefix("P") ? String(tag.suffix(3)) : String(tag)
        }
        return Array(Set(tags)).sorted()
    }
}
