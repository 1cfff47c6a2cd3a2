/// The bytes of one exported row (a trkpt, a CSV line, a position), built in place and reused for
/// every fix, then handed to the sink in one call.
///
/// Why not Strings: `dump --raw` of a 24-hour ride at 10 Hz is 864 000 rows, and building each
/// from interpolated and concatenated Strings cost more than reading the rows from SQLite.
/// Why not `[UInt8].append`: its per-call overhead, paid some 35 times a row, was still nearly a
/// fifth of a raw GPX dump. Here each append checks room once and stores through a pointer.
///
/// A class, because it owns raw memory (freed in deinit). A writer's copies share it, which is
/// safe: every writer empties it at the start of a row and hands it over at the end of the same call.
final class ByteRow {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// What the sink is handed: `ByteSink` takes arrays, so the row is copied here once per row.
    private var staging: [UInt8] = []

    init(capacity: Int = 1024) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func removeAll() { count = 0 }

    /// Drops what was appended after `newCount` bytes.
    func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "truncate beyond the row")
        count = newCount
    }

    /// Writes the row to `sink` in one call.
    func write<Sink: ByteSink>(to sink: inout Sink) throws {
        staging.removeAll(keepingCapacity: true)
        staging.append(contentsOf: bytes)
        try sink.write(bytes: staging)
    }

    /// Room for `n` more bytes at the end; the caller stores them and adds `n` to `count`.
    @inline(__always)
    private func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(to: count + n) }
        return base + count
    }

    @inline(never)
    private func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends `n` bytes that `fill` stores at the pointer it is given (all `n` of them).
    @inline(__always)
    func append(count n: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        fill(room(n))
        count += n
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        room(1).initialize(to: byte)
        count += 1
    }

    func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        room(buffer.count).initialize(from: source, count: buffer.count)
        count += buffer.count
    }

    func append(ascii text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`, exactly `text.utf8`.
    func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    func append(contentsOf other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Whether the row ends in these two bytes.
    func endsWith(_ a: UInt8, _ b: UInt8) -> Bool {
        count >= 2 && base[count - 2] == a && base[count - 1] == b
    }

    /// Whether the last `n` bytes (or all since `start`, if fewer) hold `byte`.
    func contains(_ byte: UInt8, inLast n: Int, since start: Int) -> Bool {
        (Swift.max(start, count - n)..<count).contains { base[$0] == byte }
    }
}
