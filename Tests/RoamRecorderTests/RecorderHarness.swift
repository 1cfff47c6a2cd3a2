import RoamRig
import RoamSystem
import Foundation
import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

/// Everything the recorder tests need: a fresh data directory with a real SQLite file, the
/// simulated ride's NMEA written into a real pseudo-terminal that `SerialPort` reads, and the
/// recorder's events collected so a test can wait for one (never sleeps as synchronisation).
final class RecorderHarness {
    static let simulation = RideSimulation()

    let dir: URL
    let dbPath: String
    let replayer: NMEAReplayer
    let port: SerialPort
    let events = EventLog()
    private(set) var written = 0

    /// `parent`: where the data directory goes (a test may put it on a filesystem of its own).
    init(parent: URL = FileManager.default.temporaryDirectory) throws {
        dir = parent.appendingPathComponent("roam-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        dbPath = dir.appendingPathComponent("rides.db").path
        replayer = try NMEAReplayer()
        port = try SerialPort(path: replayer.secondaryPath, baud: 115_200)
    }

    deinit {
        do { try FileManager.default.removeItem(at: dir) } catch {
            FileHandle.standardError.write(Data("could not remove \(dir.path): \(error)\n".utf8))
        }
    }

    /// A recorder on this harness's database, re-arming whatever ride is recording in it.
    func recorder(options: Recorder.Options = .init(), busyTimeoutMs: Int32 = 5_000, barometer: BarometerSource? = nil,
                  clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs,
                  realtimeMs: @escaping @Sendable () -> Int64 = WallClock.nowUTCms) throws -> Recorder {
        let store = try RideStore(path: dbPath, busyTimeoutMs: busyTimeoutMs)
        let active = try store.activeRide()
        let events = self.events
        return try Recorder(store: store, activeRide: active, source: port, barometer: barometer, options: options,
                        clock: clock, realtimeMs: realtimeMs, emit: { events.append($0) })
    }

    /// A recorder on a new ride whose events also drive a real `LEDThread` over a recording
    /// LED, for tests of what the LED shows. The LED is fed first: a test waits on the event log,
    /// then reads the LED.
    func recorderWithLED(options: Recorder.Options) throws -> (Recorder, LEDThread) {
        let led = LEDThread(led: LEDPatternPlayer(output: RecordingLED(), atNs: MonotonicClock.nowNs()), isRecording: false,
                                clock: MonotonicClock.nowNs, report: { FileHandle.standardError.write(Data("led: \($0)\n".utf8)) })
        let events = self.events
        let recorder = try Recorder(store: try RideStore(path: dbPath), activeRide: nil, source: port, barometer: nil,
                                options: options, emit: { led.handle($0); events.append($0) })
        return (recorder, led)
    }

    /// Writes the next `count` simulated seconds into the receiver's wire. Second N completes
    /// epoch N-1; the last one completes when the receiver has been quiet for a moment.
    func feed(_ count: Int) throws {
        for _ in 0..<count {
            try replayer.write(Self.simulation.seconds[written].nmea)
            written += 1
        }
    }

    /// Records the next `seconds` seconds of the bench ride as a new ride and leaves it recording,
    /// as a power cut would; returns its row as stored.
    func interruptedRide(seconds: Int) throws -> RideRow {
        let r = try recorder()
        try r.start()
        r.press()
        try feed(seconds)
        #expect(waitForAck(through: Int64(seconds - 1)))
        r.stop()
        let ride = try #require(try reader().rides().last)
        #expect(ride.state == .recording)
        return ride
    }

    /// Waits until the fixes up to `seq` of some ride are acknowledged (committed).
    @discardableResult
    func waitForAck(through seq: Int64) -> Bool {
        events.wait { log in log.contains { if case .committed(let r) = $0, let s = r.seqs { return s.upperBound >= seq }; return false } }
    }

    func reader() throws -> RideReader { try RideReader(path: dbPath) }

    /// Another writer holding the database's write lock, as a stalled or failing card keeps every
    /// commit waiting: the lock holds until the returned connection rolls back or is dropped.
    func holdWriteLock() throws -> SQLiteConnection {
        let blocker = try SQLiteConnection(path: dbPath, mode: .readWrite)
        try blocker.execute("BEGIN IMMEDIATE")
        return blocker
    }
}

/// The recorder's events as they happen, for tests to wait on.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [RecorderEvent] = []

    func append(_ event: RecorderEvent) {
        condition.lock(); events.append(event); condition.broadcast(); condition.unlock()
    }

    var all: [RecorderEvent] { condition.lock(); defer { condition.unlock() }; return events }

    /// True once `predicate` holds for the events so far; false after `timeoutS` (a failure bound, not a timing assertion).
    func wait(timeoutS: Double = 60, _ predicate: ([RecorderEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeoutS)
        condition.lock(); defer { condition.unlock() }
        while !predicate(events) {
            if !condition.wait(until: deadline) { return predicate(events) }
        }
        return true
    }
}

extension RideReader {
    func gapEvents(ride: Int64, _ cause: GapCause) throws -> [RideEvent] {
        try events(ride: ride).filter { GapMarker.matches($0, cause) }
    }

    func seqs(ride: Int64) throws -> [Int64] {
        var seqs: [Int64] = []
        try forEachFix(ride: ride) { seqs.append($0.seq) }
        return seqs
    }
}
