/// One data message near a FIT file's start: its global number, each field's bytes by field number,
/// and each developer field's bytes by (developer data index, field number).
struct FITHeadMessage {
    var global: Int
    var bigEndian: Bool
    var fields: [Int: ArraySlice<UInt8>]
    var developerFields: [[Int]: ArraySlice<UInt8>]

    /// A 2-byte field as an integer in the message's byte order; nil when absent, of another size, or invalid (0xffff).
    func uint16(_ number: Int) -> Int? {
        guard let v = fields[number], v.count == 2 else { return nil }
        let (a, b) = (Int(v[v.startIndex]), Int(v[v.startIndex + 1]))
        let value = bigEndian ? a << 8 | b : b << 8 | a
        return value == 0xffff ? nil : value
    }
}

/// The first records of a FIT file walked from its header, without a profile: what the import reads
/// the device (`FITCreator`) and roam-board's own mark (`FITExportedFixes`) from. GPSBabel's GPX
/// carries neither, so they come from the FIT bytes themselves.
enum FITHeadMessages {
    /// `visit` sees each data message among the first `records` records (definitions counted) until it
    /// returns a value; nil when it never does, or when a record cannot be read.
    static func first<T>(_ b: [UInt8], records: Int = 32, _ visit: (FITHeadMessage) -> T?) -> T? {
        guard b.count >= 12, Int(b[0]) >= 12, Int(b[0]) < b.count else { return nil }
        var i = Int(b[0])
        var definitions: [Int: Definition] = [:]
        for _ in 0..<records {
            guard i < b.count else { return nil }
            let header = b[i]; i += 1
            if header & 0x80 == 0 && header & 0x40 != 0 {
                guard let (d, next) = definition(b, at: i, developer: header & 0x20 != 0) else { return nil }
                definitions[Int(header & 0x0f)] = d
                i = next
                continue
            }
            let local = header & 0x80 != 0 ? Int(header >> 5 & 0x03) : Int(header & 0x0f)
            guard let d = definitions[local] else { return nil }
            var message = FITHeadMessage(global: d.global, bigEndian: d.bigEndian, fields: [:], developerFields: [:])
            for f in d.fields {
                guard i + f.size <= b.count else { return nil }
                message.fields[f.number] = b[i..<(i + f.size)]
                i += f.size
            }
            for f in d.developerFields {
                guard i + f.size <= b.count else { return nil }
                message.developerFields[[f.index, f.number]] = b[i..<(i + f.size)]
                i += f.size
            }
            if let found = visit(message) { return found }
        }
        return nil
    }

    private struct Definition {
        var global: Int
        var bigEndian: Bool
        var fields: [(number: Int, size: Int)]
        var developerFields: [(number: Int, size: Int, index: Int)]
    }

    /// A definition message's body from `i` (past its header byte), and where the next record starts.
    private static func definition(_ b: [UInt8], at start: Int, developer: Bool) -> (Definition, Int)? {
        var i = start
        guard i + 5 <= b.count else { return nil }
        let bigEndian = b[i + 1] == 1
        let global = bigEndian ? Int(b[i + 2]) << 8 | Int(b[i + 3]) : Int(b[i + 3]) << 8 | Int(b[i + 2])
        let count = Int(b[i + 4]); i += 5
        guard i + 3 * count <= b.count else { return nil }
        let fields = (0..<count).map { (number: Int(b[i + 3 * $0]), size: Int(b[i + 3 * $0 + 1])) }
        i += 3 * count
        var developerFields: [(number: Int, size: Int, index: Int)] = []
        if developer {
            guard i < b.count else { return nil }
            let n = Int(b[i]); i += 1
            guard i + 3 * n <= b.count else { return nil }
            developerFields = (0..<n).map { (number: Int(b[i + 3 * $0]), size: Int(b[i + 3 * $0 + 1]), index: Int(b[i + 3 * $0 + 2])) }
            i += 3 * n
        }
        return (Definition(global: global, bigEndian: bigEndian, fields: fields, developerFields: developerFields), i)
    }
}
