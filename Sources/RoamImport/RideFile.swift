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

    /// The name the ride's provenance keeps: the file's own, or "standard input" for a descriptor
    /// (`import /dev/stdin < ride.fit`, `import <(zcat ride.fit.gz)`), whose number means nothing later.
    static func sourceName(_ path: String) -> String {
        let descriptor = path == "/dev/stdin" || ["/dev/fd/", "/proc/self/fd/"].contains { path.hasPrefix($0) }
        return descriptor ? "standard input" : FilePath.lastComponent(path)
    }

    static func read(_ path: String, largestUncompressedBytes: Int) throws(ImportError) -> RideFile {
        let raw: [UInt8]
        do {
            switch try FileSystem.kind(path) {
            case .device?:
                // /dev/zero never ends; a terminal (/dev/stdin with nothing piped in) waits for typing.
                throw ImportError(.unreadable, "\(path) is a device, not a ride file: give a GPX, FIT or TCX file, a folder of them, "
                                  + "or pipe one in (import /dev/stdin < ride.fit)")
            case .file?, .folder?, nil:
                raw = try FileSystem.readBytes(path)
            default:
                // A pipe or FIFO (`<(zcat ride.fit.gz)`) has no size to check first: read with the bound a gzip has.
                guard let bytes = try FileSystem.readBytes(path, atMost: largestUncompressedBytes) else {
                    throw ImportError(.badFile, "\(path) gives more than \(ByteSize.text(Int64(largestUncompressedBytes))): "
                                      + "no ride file is that long; nothing imported")
                }
                raw = bytes
            }
        } catch let error as ImportError {
            throw error
        } catch let error as SystemError {
            throw ImportError(.unreadable, "\(path): cannot read it: \(error.reason)")
        } catch {
            throw ImportError(.unreadable, "\(path): cannot read it (\(error)); check the path and its permissions")
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

    /// This file as gpsbabel is to get it: its bytes on gpsbabel's standard input from the unlinked
    /// scratch file (the way `GPSBabel.convert` hands over bytes it has only in memory, `compressed`),
    /// never its path again. Every file goes so: gpsbabel converts the very bytes keyed and sniffed,
    /// and a pipe or /dev/stdin, read once already, is not opened a second time (it would give nothing).
    var asBytesForGPSBabel: RideFile { RideFile(path: path, bytes: bytes, format: format, compressed: true) }
}
