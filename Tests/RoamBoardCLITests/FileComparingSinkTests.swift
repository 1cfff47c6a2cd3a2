import Foundation
import Testing
@testable import RoamBoardCLI
@testable import RoamStore

/// `dump` tells a file already in place from one that differs by comparing it with the export as
/// the export streams (`FileComparingSink`), never holding either whole: the same bytes are the
/// same, whatever patch the exporter made to its header, and one byte off anywhere is a difference.
@Suite struct FileComparingSinkTests {
    /// 200 kB that repeat nowhere, so a byte compared at the wrong offset differs.
    static let content: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }

    /// Writes `content` as an exporter would: a zeroed 14-byte header, the rest in uneven pieces,
    /// then the header patched in place; returns whether the file at `path` holds it.
    static func compare(with path: String) throws -> Bool {
        guard var sink = FileComparingSink(path: path) else { return false }
        do {
            try sink.write(bytes: [UInt8](repeating: 0, count: 14))
            var at = 14, piece = 1
            while at < content.count {
                let end = min(content.count, at + piece)
                try sink.write(bytes: Array(content[at..<end]))
                at = end
                piece = piece * 7 % 9_973 + 1
            }
            try sink.overwrite(at: 0, bytes: Array(content[0..<14]))
        } catch is FileComparingSink.Differs {
            return false
        }
        return sink.matches
    }

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-compare-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theSameBytesWithTheHeaderPatchedAreTheSame() throws {
        let path = try Self.file(Self.content)
        defer { unlink(path) }
        #expect(try Self.compare(with: path))
    }

    @Test(arguments: [0, 13, 14, 63, 64, 65_535, 65_536, 131_073, 199_999])
    func oneByteOffAnywhereDiffers(at offset: Int) throws {
        var changed = Self.content
        changed[offset] ^= 0x01
        let path = try Self.file(changed)
        defer { unlink(path) }
        #expect(try !Self.compare(with: path))
    }

    @Test func aLongerOrShorterFileDiffers() throws {
        for bytes in [Self.content + [0], Array(Self.content.dropLast()), [], Array(Self.content.prefix(40))] {
            let path = try Self.file(bytes)
            defer { unlink(path) }
            #expect(try !Self.compare(with: path), "\(bytes.count) bytes")
        }
        #expect(try !Self.compare(with: "/nonexistent/roam-compare"))
    }

    /// A patch past the held head cannot be checked against bytes already compared: never the same.
    @Test func aPatchPastTheHeldHeadCountsAsADifference() throws {
        let path = try Self.file(Self.content)
        defer { unlink(path) }
        var sink = try #require(FileComparingSink(path: path))
        try sink.write(bytes: Self.content)
        #expect(throws: FileComparingSink.Differs.self) { try sink.overwrite(at: 100, bytes: Array(Self.content[100..<104])) }
    }

    /// End to end: a FIT file (its header patched at the end) and a raw CSV already in place are
    /// marked and left alone, as a GPX is (`DumpIdempotenceTests`).
    @Test(arguments: [["fit"], ["csv", "--raw"]])
    func aFileDumpWroteIsInPlace(_ format: [String]) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent("ride.\(format[0])").path
        let dump = ["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format"] + format + ["--out", file]
        #expect(try CLIRunner.run(dump).status == 0)
        try SQLiteConnection(path: f.dbPath, mode: .readWrite).execute("UPDATE rides SET dumped_utc_ms = NULL")
        let again = try CLIRunner.run(dump)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("\(file) already holds it, byte for byte"), "\(again.stderr)")
        #expect(try RideReader(path: f.dbPath).ride(id: f.a.id)?.dumpedUTCms != nil)
    }
}
