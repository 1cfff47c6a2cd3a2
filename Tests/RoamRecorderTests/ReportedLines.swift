import Synchronization

/// The lines a rig's `report` callback was given, from any thread, in order.
final class ReportedLines: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
