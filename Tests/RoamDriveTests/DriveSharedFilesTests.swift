import Foundation
import Testing
@testable import RoamDrive

/// The drive's shared Leaflet/ on an edited base: copied where the base lacks it or holds other
/// bytes, left alone where it holds the same, kept when the board has no Leaflet; and a manifest
/// an older build wrote (no shared files) reads as an image without them.
@Suite struct DriveSharedFilesTests {
    static let script = DriveSharedFiles.File(name: "leaflet.js", bytes: Array("var L = {};\n".utf8))
    static let style = DriveSharedFiles.File(name: "leaflet.css", bytes: Array(".leaflet-pane{z-index:400}\n".utf8))

    @Test func onlyMissingOrChangedSharedFilesAreCopied() {
        let wanted = DriveSharedFiles(files: [Self.script, Self.style])
        let first = DriveImageBuilder.sharedEdit(wanted, onBase: [])
        #expect(first.copy.files == [Self.script, Self.style] && first.copy.makeFolder)
        #expect(first.kept.map(\.name) == ["leaflet.js", "leaflet.css"])

        let same = DriveImageBuilder.sharedEdit(wanted, onBase: first.kept)
        #expect(same.copy.files.isEmpty && !same.copy.makeFolder && same.kept == first.kept)

        var upgraded = Self.style
        upgraded.bytes += Array(".x{}\n".utf8)
        let changed = DriveImageBuilder.sharedEdit(DriveSharedFiles(files: [Self.script, upgraded]), onBase: first.kept)
        #expect(changed.copy.files == [upgraded] && !changed.copy.makeFolder)
        let before = first.kept.filter { $0.name == "leaflet.css" }.map(\.stamp)
        let after = changed.kept.filter { $0.name == "leaflet.css" }.map(\.stamp)
        #expect(before.count == 1 && after.count == 1 && before != after, "\(before) \(after)")

        // No Leaflet on the board: nothing copied, and the base's copy stays for the pages that link it.
        let missing = DriveImageBuilder.sharedEdit(DriveSharedFiles(missing: "no libjs-leaflet"), onBase: first.kept)
        #expect(missing.copy.files.isEmpty && missing.kept == first.kept)
    }

    @Test func aManifestWithoutSharedFilesReadsAsNone() throws {
        let json = #"{"fingerprint":"roam-drive/1 00","files":[],"measured":[],"imageBytes":4096}"#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roam-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.json")
        try Data(json.utf8).write(to: path)
        let manifest = try #require(DriveManifest.read(path.path))
        #expect(manifest.shared == nil && manifest.fingerprint == "roam-drive/1 00")
    }
}
