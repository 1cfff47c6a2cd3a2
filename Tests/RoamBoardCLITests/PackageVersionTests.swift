import Foundation
import RoamTestSupport
import Testing

/// `apt install ./roam-board_….deb` installs only over a lower version. Every build was 0.1.0 (the
/// program's own version), so over an earlier build apt said "already the newest version" and left
/// the old program running. The package's version now carries the source's time (scripts/lib.sh).
@Suite struct PackageVersionTests {
    static let hasDpkg = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg")

    static func bash(_ command: String) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", command], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// `deb_version 0.1.0 EPOCH` as scripts/package-arm64 calls it.
    static func debVersion(epoch: Int) throws -> String {
        let r = try bash("source scripts/lib.sh && deb_version 0.1.0 \(epoch)")
        try #require(r.status == 0, "\(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// dpkg's own order of package versions.
    static func dpkgSays(_ a: String, greaterThan b: String) throws -> Bool {
        try bash("dpkg --compare-versions '\(a)' gt '\(b)'").status == 0
    }

    @Test(.needs(hasDpkg, "dpkg is missing: this test asks dpkg itself how it orders versions"))
    func aLaterBuildInstallsOverAnEarlierOne() throws {
        let earlier = try Self.debVersion(epoch: 1_764_842_245)  // 2025-12-04 09:57:25 UTC
        let later = try Self.debVersion(epoch: 1_764_842_246)
        #expect(earlier == "0.1.0+20251204.095725")
        #expect(try Self.dpkgSays(later, greaterThan: earlier), "\(later) after \(earlier)")
        // Boards hold builds made before the version carried the time: plain 0.1.0.
        #expect(try Self.dpkgSays(earlier, greaterThan: "0.1.0"))
        let script = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("scripts/package-arm64"), encoding: .utf8)
        #expect(script.contains("VERSION=$(deb_version \"$VERSION\" \"$(source_epoch)\")"),
                "scripts/package-arm64 no longer names the package by deb_version")
    }
}
