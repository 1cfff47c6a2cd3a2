import RoamPorts
import RoamCore

/// Reading with deadlines during configuration, every byte framed once for the run (a class: the
/// framer and what it kept outlive each listen).
final class ReceiverLineIO {
    let line: SerialLine
    let clock: () -> UInt64
    let shouldStop: () -> Bool
    /// Told how many data sentences each read added to what is handed back (`ReceiverSetup.onDataSentences`).
    var onDataSentences: (Int) -> Void = { _ in }
    var heard = ReceiverHandBack()
    /// What the module's text lines said over the whole run: what it is, and its antenna's status.
    var texts = ReceiverTexts()
    /// Set once the module proved to send nothing until asked: after a baud switch it is asked for
    /// its version again, since only an answer can show it followed.
    var silentUntilAsked: ReceiverFamily?

    /// The baud the run began at, and whether it listened at another since (`ReceiverSetupReport.listenedAtOtherBauds`).
    private let startingBaud: Int
    private(set) var listenedAtOtherBauds = false

    init(line: SerialLine, clock: @escaping () -> UInt64, shouldStop: @escaping () -> Bool) {
        self.line = line; self.clock = clock; self.shouldStop = shouldStop
        startingBaud = line.baud
    }

    /// What the UART itself refused during the run (a baud, a write), each once in the driver's words
    /// with the device: a failed ioctl is not a receiver that does not answer, and is said apart.
    private(set) var deviceFailures: [String] = []

    /// Writes `family`'s version queries (`ReceiverFamily.versionQueries`).
    func askVersion(of family: ReceiverFamily) {
        for query in family.versionQueries { write(query) }
    }

    /// Writes a query; a failure is kept for the report and the set-up goes on (the listen after it
    /// hears what it hears): a recorder never stops for its receiver's set-up.
    func write(_ bytes: [UInt8]) {
        do { try line.write(bytes) } catch { note(error) }
    }

    /// Sets the host's baud; false, the failure kept for the report, when the UART refuses it.
    @discardableResult
    func setBaud(_ baud: Int) -> Bool {
        do { try line.setBaud(baud) } catch { note(error); return false }
        return true
    }

    private func note(_ error: DeviceError) {
        if !deviceFailures.contains(error.description) { deviceFailures.append(error.description) }
    }

    /// `report` with the UART's own failures said after it, if any.
    func withDeviceFailures(_ report: ReceiverSetupReport) -> ReceiverSetupReport {
        guard !deviceFailures.isEmpty else { return report }
        var said = report
        said.summary += (said.summary.hasSuffix(".") ? " " : ". ") + "During the set-up, " + deviceFailures.joined(separator: " ")
        return said
    }

    /// Reads for up to `ms` (or `garbageMs` if only junk arrives) until `done` says so. The deadlines
    /// count what the line was seen to hold, not the clock: a read that found it empty (from its start,
    /// for its wait at most) or read what it held (to its start: 4 KiB, a tty's whole buffer). A thread
    /// late to run (a loaded machine) reads what arrived meanwhile before it judges: an answer read
    /// late is not unanswered, and sentences behind junk are not cut off by the junk's deadline.
    func listen(ms: UInt64, garbageMs: UInt64, until done: (ReceiverObservation) -> Bool) -> ReceiverObservation {
        if line.baud != startingBaud { listenedAtOtherBauds = true }
        var seen = ReceiverObservation()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let start = clock()
        var seenThroughNs = start
        while !shouldStop() {
            let elapsedMs = (seenThroughNs - start) / 1_000_000
            if elapsedMs >= ms { break }
            if elapsedMs >= garbageMs && seen.bytes >= 32 && seen.framesProvingBaud == 0 { break }
            // Each wait ends at most a second in: a stop (`shouldStop`) is seen within it, and a silent
            // line set up again and again (GNSSReceiver.Watch.silenceRetryMs) costs a few wake-ups a run, not ten a second.
            let wait = max(1, Int32(clamping: min(1000, ms - elapsedMs)))
            let beganNs = clock()
            guard let n = read(into: &buffer, &seen, timeoutMs: wait) else { break }
            if n > 0 && done(seen) { break }
            let seenNs = n == 0 ? min(clock(), beganNs + UInt64(wait) * 1_000_000) : beganNs
            seenThroughNs = max(seenThroughNs, seenNs)
        }
        return seen
    }

    /// One read, framed and noted in `seen` and `texts`; nil when the line failed, the failure kept
    /// for the report (a UART that fails every read is not a receiver that sends nothing).
    private func read(into buffer: inout [UInt8], _ seen: inout ReceiverObservation, timeoutMs: Int32) -> Int? {
        let n: Int
        switch buffer.withUnsafeMutableBytes({ raw in Result { () throws(DeviceError) in try line.read(into: raw, timeoutMs: timeoutMs) } }) {
        case .success(let count): n = count
        case .failure(let error): note(error); return nil
        }
        guard n > 0 else { return 0 }
        let chunk = Array(buffer[0..<n])
        let keptBefore = heard.dataSentences
        let sentences = heard.frame(chunk)
        if heard.dataSentences > keptBefore { onDataSentences(heard.dataSentences - keptBefore) }
        for sentence in sentences { texts.note(sentence) }
        seen.feed(chunk, sentences: sentences)
        return n
    }
}
