import RoamPorts
import RoamCore

/// Reading with deadlines during configuration, every byte framed once for the run (a class: the
/// framer and what it kept outlive each listen).
final class ReceiverLineIO {
    let line: SerialLine
    let clock: () -> UInt64
    let shouldStop: () -> Bool
    var heard = ReceiverHandBack()
    /// Set once the module proved to send nothing until asked: after a baud switch it is asked for
    /// its version again, since only an answer can show it followed.
    var silentUntilAsked: ReceiverFamily?

    init(line: SerialLine, clock: @escaping () -> UInt64, shouldStop: @escaping () -> Bool) {
        self.line = line; self.clock = clock; self.shouldStop = shouldStop
    }

    /// Writes `family`'s version queries (`ReceiverFamily.versionQueries`); a write that fails is
    /// left to the listen after it, which then hears no answer.
    func askVersion(of family: ReceiverFamily) {
        for query in family.versionQueries { _ = try? line.write(query) }
    }

    /// Reads for up to `ms` (or `garbageMs` if only junk arrives) until `done` says so.
    func listen(ms: UInt64, garbageMs: UInt64, until done: (ReceiverObservation) -> Bool) -> ReceiverObservation {
        var seen = ReceiverObservation()
        var buffer = [UInt8](repeating: 0, count: 1024)
        let start = clock()
        while !shouldStop() {
            let elapsedMs = (clock() - start) / 1_000_000
            if elapsedMs >= ms { break }
            if elapsedMs >= garbageMs && seen.bytes >= 32 && seen.framesProvingBaud == 0 { break }
            // Each wait ends at most a second in: a stop (`shouldStop`) is seen within it, and a silent
            // line set up again and again (GNSSReceiver.Watch.silenceRetryMs) costs a few wake-ups a run, not ten a second.
            let wait = Int32(clamping: min(1000, ms - elapsedMs))
            let n: Int
            do { n = try buffer.withUnsafeMutableBytes { try line.read(into: $0, timeoutMs: max(1, wait)) } } catch { break }
            if n > 0 {
                let chunk = Array(buffer[0..<n])
                seen.feed(chunk, sentences: heard.frame(chunk))
                if done(seen) { break }
            }
        }
        return seen
    }
}
