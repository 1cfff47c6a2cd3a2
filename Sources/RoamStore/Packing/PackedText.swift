import CZlib

/// Text stored deflated against a preset dictionary, as a BLOB: the ride row's `parameters` (and
/// `pipeline_state` as rows written before its compact layout hold it) and each fix's raw NMEA. Each commit rewrites whole pages, and
/// the kernel writes whole 4 KiB pages of the WAL: as text the ride row was 2.8 kB (a leaf and two
/// overflow pages rewritten with every batch) and a fix about 500 B (two to a 1 KiB page); packed,
/// the row fits its leaf and three fixes share a page (docs/BENCHMARKS.md, "Commits and the SD card").
///
/// Layout: one byte naming the `PresetDictionary`, the raw deflate stream (RFC 1951), then zero
/// bytes up to a multiple of the `paddedTo` the writer chose (the ride row pads to `rowStep`, so it
/// keeps its size from batch to batch and SQLite rewrites it in place). The bytes read back are the
/// text's bytes exactly: the raw stream stays as it arrived (P4). A TEXT value in these columns is
/// what rows written before packing hold, and is read as it is.
enum PackedText {
    /// The ride row's padding step.
    static let rowStep = 64
    /// The deflate window, part of the format: 4 KiB holds a dictionary and the longest value, and
    /// an inflater needs no more than that (a reader inflates every fix it reads).
    private static let windowBits: Int32 = 12
    private static let memoryLevel: Int32 = 4

    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    static func pack(_ text: String, with dictionary: PresetDictionary, paddedTo step: Int = 1) throws(Failure) -> [UInt8] {
        try pack(utf8: Array(text.utf8), with: dictionary, paddedTo: step)
    }

    /// `pack` of text given as its UTF-8 bytes.
    static func pack(utf8 text: [UInt8], with dictionary: PresetDictionary, paddedTo step: Int = 1) throws(Failure) -> [UInt8] {
        // Negative window bits: a raw stream, no zlib header. Level 9 costs microseconds on these sizes.
        // Memory level 4 (not zlib's default 8): a 2 K-entry hash and a 1 K-symbol block buffer hold
        // a value of at most a few kB, and each deflate set up allocates and clears ~20 KiB, not
        // ~140 KiB (the clearing showed in a profile of the 1 Hz commit). The stream format is the same.
        // The stream is set up once and reset between values (ReusedDeflater).
        var rc: Int32 = Z_OK
        guard let deflater = ReusedDeflater.take() ?? ReusedDeflater(level: 9, windowBits: -windowBits, memoryLevel: memoryLevel, rc: &rc) else {
            try check(rc, "starting deflate")
            throw Failure(description: "starting deflate failed (zlib \(rc))")
        }
        defer { ReusedDeflater.putBack(deflater) }
        let stream = deflater.stream
        try check(setDictionary(dictionary, on: stream, deflateSetDictionary), "setting preset dictionary \(dictionary.rawValue)")
        var output = [UInt8](repeating: 0, count: 1 + Int(deflateBound(stream, uLong(text.count))))
        output[0] = dictionary.rawValue
        // The closures return zlib's code rather than throw: Swift 6.0's withUnsafe… only rethrows `any Error`.
        let (rc2, produced) = text.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                // zlib reads next_in only; its type is not const.
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress); stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = target.baseAddress! + 1; stream.pointee.avail_out = uInt(target.count - 1)
                let rc = deflate(stream, Z_FINISH)
                return (rc, target.count - Int(stream.pointee.avail_out))
            }
        }
        guard rc2 == Z_STREAM_END else { throw Failure(description: "deflate did not finish (zlib \(rc2))") }
        output.removeLast(output.count - produced)
        output += repeatElement(0, count: (step - output.count % step) % step)
        return output
    }

    /// The text of a packed value; what is wrong with it, in words, when it is not one.
    static func unpack(_ stored: [UInt8]) throws(Failure) -> String {
        guard let first = stored.first else { throw Failure(description: "is an empty BLOB") }
        guard let dictionary = PresetDictionary(rawValue: first) else {
            throw Failure(description: "names preset dictionary \(first), which this build does not know (a newer roam-board wrote it)")
        }
        var stream = z_stream()
        try check(roam_inflate_init2(&stream, -windowBits), "starting inflate")
        defer { inflateEnd(&stream) }
        try check(withUnsafeMutablePointer(to: &stream) { setDictionary(dictionary, on: $0, inflateSetDictionary) },
                  "setting preset dictionary \(dictionary.rawValue)")
        var input = stored
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let rc = input.withUnsafeMutableBufferPointer { source -> Int32 in
            stream.next_in = source.baseAddress! + 1; stream.avail_in = uInt(source.count - 1)
            while true {
                let (rc, got) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress; stream.avail_out = uInt(target.count)
                    let rc = inflate(&stream, Z_NO_FLUSH)
                    return (rc, target.count - Int(stream.avail_out))
                }
                text += chunk[0..<got]
                if rc != Z_OK { return rc }
            }
        }
        guard rc == Z_STREAM_END else {
            throw Failure(description: rc == Z_BUF_ERROR ? "ends before its deflate stream does (truncated)"
                                                         : "is not a deflate stream (zlib \(rc))")
        }
        let rest = stored.suffix(Int(stream.avail_in))
        guard rest.allSatisfy({ $0 == 0 }) else { throw Failure(description: "has \(rest.count) bytes after its deflate stream that are not padding") }
        // The packed bytes were a Swift String's UTF-8: only damage fails here.
        guard let unpacked = String(validating: text, as: UTF8.self) else { throw Failure(description: "inflates to text that is not UTF-8") }
        return unpacked
    }

    /// zlib's code (not a throw: Swift 6.0's withUnsafe… only rethrows `any Error`).
    private static func setDictionary(_ dictionary: PresetDictionary, on stream: z_streamp,
                                      _ set: (z_streamp, UnsafePointer<Bytef>, uInt) -> Int32) -> Int32 {
        // The text's own UTF-8 storage (a native string): no copy into an array for every fix packed.
        var text = dictionary.text
        return text.withUTF8 { set(stream, $0.baseAddress!, uInt($0.count)) }
    }

    /// Only setting up can fail here, and only for these reasons; each is said in words.
    /// `step` is built only for a failure (every fix packed names its dictionary here).
    private static func check(_ rc: Int32, _ step: @autoclosure () -> String) throws(Failure) {
        guard rc != Z_OK else { return }
        let why = switch rc {
        case Z_MEM_ERROR: "out of memory"
        case Z_VERSION_ERROR: "the zlib library installed is not the one roam-board was built against (reinstall zlib1g)"
        default: "zlib refused the parameters (code \(rc))"
        }
        throw Failure(description: "\(step()) failed: \(why)")
    }
}
