import Foundation

/// A folder of real files standing for `/` (/proc, /sys, /boot, /dev links), removed with it.
final class FakeRoot {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-root-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit {
        do { try FileManager.default.removeItem(atPath: path) } catch { print("could not remove \(path): \(error)") }
    }
    func write(_ relative: String, _ text: String = "") throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    func link(_ relative: String, to target: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }
}
