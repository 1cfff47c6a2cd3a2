/// The text of the last value written in each number column of the CSV. Receivers repeat HDOP,
/// VDOP, PDOP, geoid separation and altitude, one barometer sample serves several 10 Hz epochs,
/// and the running distance stands still under the distance gate, so many columns hold the same
/// Double row after row. Printing a Double is the costliest step of a row; copying its text back
/// is not. Same text as `CSVField.appendNumber`, by construction: the memo only replays it.
final class CSVNumberMemo {
    /// Longer texts (fixed point of a huge value) are not kept; they are rare and printed again.
    private static let slotBytes = 32
    // Pointers, not arrays: a class's array property pays a runtime exclusivity check per access.
    private let bits: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<Int>
    private let text: UnsafeMutablePointer<UInt8>
    private let columns: Int

    init(columns: Int) {
        self.columns = columns
        bits = .allocate(capacity: columns)
        bits.initialize(repeating: 0, count: columns)
        lengths = .allocate(capacity: columns)
        lengths.initialize(repeating: -1, count: columns)  // -1: nothing kept yet
        text = .allocate(capacity: columns * Self.slotBytes)
    }

    deinit {
        bits.deallocate()
        lengths.deallocate()
        text.deallocate()
    }

    /// `CSVField.appendNumber(v, to: row)`, replayed when `column` last held the same value.
    func append(_ v: Double?, column: Int, to row: ByteRow) {
        precondition((0..<columns).contains(column), "no such number column")
        guard let v, v.isFinite else { return }
        let slot = text + column * Self.slotBytes
        // Bit patterns, not ==: 0.0 and -0.0 are equal but print differently.
        if bits[column] == v.bitPattern && lengths[column] >= 0 {
            row.append(UnsafeBufferPointer(start: slot, count: lengths[column]))
            return
        }
        let start = row.count
        CSVField.appendNumber(v, to: row)
        let length = row.count - start
        bits[column] = v.bitPattern
        guard length <= Self.slotBytes else { lengths[column] = -1; return }
        slot.update(from: row.bytes.baseAddress! + start, count: length)
        lengths[column] = length
    }
}
