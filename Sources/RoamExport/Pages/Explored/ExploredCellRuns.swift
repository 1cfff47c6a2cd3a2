/// The explored page's compact text for a sorted set of geohash integers: the cells as runs of
/// consecutive integers, each run written as two numbers, the gap since the end of the previous
/// run and the run's length less one, each number in `ExploredNumberText`. Neighbouring cells
/// of one geohash parent are consecutive integers, so a ridden area costs a few bytes a run,
/// not an object per cell. The page's script decodes it (Scripts/explored.js).
public enum ExploredCellRuns {
    /// `cells` must be strictly increasing.
    public static func encode<C: Collection>(_ cells: C) -> String where C.Element == UInt64 {
        var out: [UInt8] = []
        out.reserveCapacity(cells.count * 3)
        var next: UInt64 = 0  // the integer after the previous run
        var runStart: UInt64?
        var runEnd: UInt64 = 0
        func flush() {
            guard let start = runStart else { return }
            ExploredNumberText.append(start - next, to: &out)
            ExploredNumberText.append(runEnd - start, to: &out)
            next = runEnd + 1
        }
        for cell in cells {
            if runStart != nil, cell == runEnd + 1 {
                runEnd = cell
                continue
            }
            precondition(runStart == nil || cell > runEnd, "explored cells must be sorted and distinct")
            flush()
            runStart = cell
            runEnd = cell
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// The integers back, or nil for text that is not a run list.
    public static func decode(_ text: String) -> [UInt64]? {
        guard let numbers = ExploredNumberText.decode(text), numbers.count % 2 == 0 else { return nil }
        var cells: [UInt64] = []
        var next: UInt64 = 0
        for i in stride(from: 0, to: numbers.count, by: 2) {
            let (start, overflow) = next.addingReportingOverflow(numbers[i])
            guard !overflow, start.addingReportingOverflow(numbers[i + 1]).overflow == false else { return nil }
            let end = start + numbers[i + 1]
            cells.append(contentsOf: start...end)
            next = end + 1
        }
        return cells
    }
}

/// Unsigned numbers as text safe inside JSON and HTML: base 32, most significant digit first,
/// every digit but the last from the upper half of a 64-character alphabet, the last from its
/// lower half, so numbers need no separator. A number below 32 is one character.
public enum ExploredNumberText {
    /// 0-9 a-v end a number; w-z A-Z - _ are the digits before the last.
    public static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

    public static func append(_ value: UInt64, to out: inout [UInt8]) {
        var digits: [UInt8] = [alphabet[Int(value & 31)]]
        var rest = value >> 5
        while rest > 0 {
            digits.append(alphabet[32 + Int(rest & 31)])
            rest >>= 5
        }
        out.append(contentsOf: digits.reversed())
    }

    /// Signed numbers zigzagged (0, -1, 1, -2 … as 0, 1, 2, 3 …): track deltas are small either way.
    public static func append(signed value: Int64, to out: inout [UInt8]) {
        append(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &out)
    }

    public static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// The numbers of `text`, or nil for a character outside the alphabet, a number cut short, or
    /// one above 2⁶⁰.
    public static func decode(_ text: String) -> [UInt64]? {
        var numbers: [UInt64] = []
        var value: UInt64 = 0
        var pending = false
        for byte in text.utf8 {
            guard let index = alphabet.firstIndex(of: byte) else { return nil }
            guard value >> 55 == 0 else { return nil }
            value = value << 5 | UInt64(index & 31)
            if index < 32 {
                numbers.append(value)
                value = 0
                pending = false
            } else {
                pending = true
            }
        }
        return pending ? nil : numbers
    }
}
