import CZlib
import RoamCore

/// gzip (RFC 1952) read in memory, as Strava's export compresses its FIT and TCX files. zlib reads
/// each member's header and checks its CRC-32 and length (windowBits 15 + 16); what it finds wrong
/// is said here in words of our own, never in zlib's. A file may hold several members (`gzip -c a b
/// > c`): they are read one after the other, as gunzip does, and zeros after the last are padding.
enum Gzip {
    /// What is wrong with the file, as words that follow its path.
    struct Problem: Error, Equatable { let words: String }

    /// True when `bytes` start with gzip's magic bytes, 1F 8B.
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b }

    static let cutShort = Problem(words: "is cut short: its gzip data stops before its end (a download or a copy that stopped early?)")

    private enum Outcome { case done, tooLarge, cutShort, trailing(Int), damaged, noMemory }

    /// What every member uncompresses to, one after the other; refused once it passes `limit` bytes,
    /// before more is held (a small file may uncompress to gigabytes).
    static func inflate(_ bytes: [UInt8], limit: Int) throws(Problem) -> [UInt8] {
        var stream = z_stream()
        guard roam_inflate_init2(&stream, 15 + 16) == Z_OK else { throw Problem(words: "cannot be read: no memory to start inflating it") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let outcome = bytes.withUnsafeBufferPointer { source -> Outcome in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let (rc, got) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress; stream.avail_out = uInt(target.count)
                    let rc = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (rc, target.count - Int(stream.avail_out))
                }
                // Past the limit nothing more is kept or inflated.
                if output.count + got > limit { return .tooLarge }
                output += chunk[0..<got]
                switch rc {
                case Z_OK: continue
                case Z_STREAM_END:
                    // A member ended, its CRC-32 and length checked: another member, padding, or the end.
                    let rest = source[(source.count - Int(stream.avail_in))...]
                    if rest.allSatisfy({ $0 == 0 }) { return .done }
                    guard isGzip(Array(rest.prefix(2))) else { return .trailing(rest.count) }
                    // The input stays where it is: only the member's state starts again.
                    guard inflateReset(&stream) == Z_OK else { return .damaged }
                // No progress with all the input taken: the data stops before its end.
                case Z_BUF_ERROR: return .cutShort
                case Z_MEM_ERROR: return .noMemory
                default: return .damaged
                }
            }
        }
        switch outcome {
        case .done: return output
        case .tooLarge:
            throw Problem(words: "uncompresses to more than \(ByteSize.text(Int64(limit))), more than any ride file import takes (a gzip bomb?)")
        case .cutShort: throw cutShort
        case .trailing(let count): throw Problem(words: "is damaged: \(count) bytes after its gzip data are not another gzip member")
        case .damaged:
            throw Problem(words: "is damaged: its gzip data does not check out (its header, its compressed data, or the CRC-32 or length it records)")
        case .noMemory: throw Problem(words: "cannot be read: no memory left to inflate it")
        }
    }
}
