import CZlib
import RoamCore

/// gzip (RFC 1952) read in memory, as Strava's export compresses its FIT and TCX files: the header
/// read here, the deflate data by zlib (raw, so each check is said in words of our own, not zlib's),
/// the trailer's CRC-32 and length compared here. A file may hold several members (`gzip -c a b > c`):
/// they are read one after the other, as gunzip does.
enum Gzip {
    /// What is wrong with the file, as words that follow its path.
    struct Problem: Error, Equatable { let words: String }

    /// True when `bytes` start with gzip's magic bytes, 1F 8B.
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b }

    /// What every member uncompresses to, one after the other; refused once it passes `limit` bytes,
    /// before more is held (a small file may uncompress to gigabytes).
    static func inflate(_ bytes: [UInt8], limit: Int) throws(Problem) -> [UInt8] {
        var output: [UInt8] = []
        var at = 0
        repeat {
            // Zeros after the last member are padding (a tape or a block device's), as gunzip takes them.
            if at > 0, bytes[at...].allSatisfy({ $0 == 0 }) { break }
            guard isGzip(Array(bytes[at..<min(at + 2, bytes.count)])) else {
                throw Problem(words: "is damaged: \(bytes.count - at) bytes after its gzip data are not another gzip member")
            }
            let start = try dataStart(bytes, member: at)
            let before = output.count
            let used = try inflateRaw(bytes, from: start, into: &output, limit: limit)
            let trailer = start + used
            guard trailer + 8 <= bytes.count else { throw cutShort }
            let crc = crc32(0, nil, 0)
            let computed = output[before...].withUnsafeBufferPointer { UInt32(crc32(crc, $0.baseAddress, uInt($0.count))) }
            guard computed == littleEndian(bytes, trailer) else {
                throw Problem(words: "is damaged: its CRC-32 does not match what it uncompresses to")
            }
            guard UInt32(truncatingIfNeeded: output.count - before) == littleEndian(bytes, trailer + 4) else {
                throw Problem(words: "is damaged: the length it records is not the length it uncompresses to")
            }
            at = trailer + 8
        } while at < bytes.count
        return output
    }

    static let cutShort = Problem(words: "is cut short: its gzip data stops before its end (a download or a copy that stopped early?)")

    /// Where a member's deflate data starts, past its header (fixed 10 bytes, then the optional fields its flags name).
    private static func dataStart(_ b: [UInt8], member at: Int) throws(Problem) -> Int {
        guard at + 10 <= b.count else { throw cutShort }
        guard b[at + 2] == 8 else {
            throw Problem(words: "is not a gzip file this reads: compression method \(b[at + 2]), not deflate (8)")
        }
        let flags = b[at + 3]
        var i = at + 10
        if flags & 0x04 != 0 {
            guard i + 2 <= b.count else { throw cutShort }
            i += 2 + (Int(b[i]) | Int(b[i + 1]) << 8)
        }
        for field: UInt8 in [0x08, 0x10] where flags & field != 0 {  // a file name, a comment: zero-terminated
            while i < b.count && b[i] != 0 { i += 1 }
            i += 1
        }
        if flags & 0x02 != 0 { i += 2 }
        guard i <= b.count else { throw cutShort }
        return i
    }

    /// Inflates the raw deflate data at `from` onto `output`; the bytes of input it took.
    private static func inflateRaw(_ bytes: [UInt8], from: Int, into output: inout [UInt8], limit: Int) throws(Problem) -> Int {
        var stream = z_stream()
        guard roam_inflate_init2(&stream, -15) == Z_OK else { throw Problem(words: "cannot be read: no memory to start inflating it") }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var tooLarge = false
        let rc = bytes.withUnsafeBufferPointer { source -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + from)
            stream.avail_in = uInt(source.count - from)
            while true {
                let (rc, got) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress; stream.avail_out = uInt(target.count)
                    let rc = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (rc, target.count - Int(stream.avail_out))
                }
                // Past the limit nothing more is kept or inflated.
                if output.count + got > limit { tooLarge = true; return rc }
                output += chunk[0..<got]
                if rc != Z_OK { return rc }
            }
        }
        if tooLarge { throw Problem(words: "uncompresses to more than \(ByteSize.text(Int64(limit))), more than any ride file import takes (a gzip bomb?)") }
        switch rc {
        case Z_STREAM_END: return Int(stream.total_in)
        // No progress with all the input taken: the data stops before its end.
        case Z_BUF_ERROR: throw cutShort
        case Z_MEM_ERROR: throw Problem(words: "cannot be read: no memory left to inflate it")
        default: throw Problem(words: "is damaged: its compressed data is not valid deflate data")
        }
    }

    private static func littleEndian(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
