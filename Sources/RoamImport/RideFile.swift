import RoamCore
import RoamSystem

/// A file as `import` reads it: its bytes, uncompressed when they are gzip (told by the magic bytes
/// 1F 8B, whatever the name: Strava's export gives `NNN.fit.gz` and `NNN.tcx.gz`), and its format,
/// judged on those bytes and the name without `.gz`, exactly as for the plain file. The path stays
/// as given: the ride's provenance and every sentence name the file the rider has.
struct RideFile {
    let path: String
    /// The ride file's own bytes: what a compressed file uncompresses to.
    let bytes: [UInt8]
    let format: ImportFormat
    let compressed: Bool

    /// The most a gzip-compressed file may uncompress to. A plain file has no bound but its size on
    /// disk; a compressed one of a few kB may uncompress to gigabytes (a gzip bomb). 128 MiB is half
    /// again the largest ride import is measured with, 24 h at 10 Hz as GPX: 87 MB
    /// (`scripts/bench-import-same 24`); a FIT of that ride is several times smaller.
    static let largestUncompressedBytes = 128 << 20

    static func read(_ path: String, largestUncompressedBytes: Int) throws(ImportError) -> RideFile {
        let raw: [UInt8]
        do { raw = try FileSystem.readBytes(path) } catch {
            throw ImportError(.unreadable, "\(path): cannot read it: \(error.reason)")
        }
        guard !raw.isEmpty else { throw ImportError(.badFile, "\(path) is empty: no ride in it") }
        if raw.starts(with: [0x50, 0x4b, 0x03, 0x04]) || FilePath.pathExtension(path) == "zip" {
            throw ImportError(.badFile, "\(path) is a ZIP archive: unpack it first (unzip \(FilePath.lastComponent(path))) "
                              + "and import the folder it gives")
        }
        let compressed = Gzip.isGzip(raw)
        let bytes: [UInt8]
        if compressed {
            do { bytes = try Gzip.inflate(raw, limit: largestUncompressedBytes) } catch {
                throw ImportError(.badFile, "\(path) \(error.words); nothing imported")
            }
            guard !bytes.isEmpty else { throw ImportError(.badFile, "\(path) is empty once uncompressed: no ride in it") }
        } else {
            bytes = raw
        }
        let name = ImportFormat.withoutGzipSuffix(FilePath.lastComponent(path))
        guard let format = ImportFormat.sniff(Array(bytes.prefix(4096)), name: name) else {
            throw ImportError(.badFile, "\(path) " + (compressed ? "is gzip-compressed, but what it holds " : "")
                              + "is not a GPX, FIT or TCX file (by its content and its name)")
        }
        return RideFile(path: path, bytes: bytes, format: format, compressed: compressed)
    }
}
