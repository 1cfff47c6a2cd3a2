import Foundation
import RoamTestSupport
import RoamStore
import Testing

/// The store's SQL needs SQLite 3.24.0 (its upserts), while the binary's symbols ask only for 3.20.0.
/// On an older library the program refuses at open, in words, before it makes any file; the .deb
/// says so in its Depends, which dpkg-shlibdeps alone would leave at 3.20.0.
@Suite struct SQLiteFloorTests {
    /// A C compiler to build the stand-in library version (the toolchain's clang, or the system's cc).
    static let compiler = ["/opt/swift/usr/bin/clang", "/usr/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A library preloaded over libsqlite3 whose only symbol says SQLite is `version` (X*1000000 + Y*1000 + Z):
    /// the real SQLite does all the rest.
    static func versionShim(_ version: Int, in dir: URL) throws -> String {
        let source = dir.appendingPathComponent("version-\(version).c"), library = dir.appendingPathComponent("version-\(version).so")
        try "int sqlite3_libversion_number(void) { return \(version); }\n".write(to: source, atomically: true, encoding: .utf8)
        let cc = try CLIRunner.run(["-shared", "-fPIC", "-o", library.path, source.path], executable: URL(fileURLWithPath: compiler ?? "cc"))
        try #require(cc.status == 0, "\(compiler ?? "cc") failed: \(cc.stderr)")
        return library.path
    }

    static func refusal(_ r: CLIRunner.Result, _ command: String) {
        #expect(r.status == 1, "\(command) exited \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("the SQLite library here is 3.23.1, and roam-board needs 3.24.0 or later to open"), "\(command): \(r.stderr)")
        #expect(r.stderr.contains("install SQLite 3.24.0 or later"), "\(command): \(r.stderr)")
        #expect(!r.stderr.contains("SQLite error"), "\(command): SQLite's own shape reached the rider: \(r.stderr)")
    }

    @Test(.needs(compiler != nil, "no C compiler (/opt/swift/usr/bin/clang or /usr/bin/cc) to build the stand-in SQLite version"))
    func anOlderSQLiteIsRefusedAtOpenInWordsAndTheOldestSupportedOpens() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path, fresh = dir.appendingPathComponent("fresh.db").path
        let oldest = ["LD_PRELOAD": try Self.versionShim(3_024_000, in: dir)], older = ["LD_PRELOAD": try Self.versionShim(3_023_001, in: dir)]

        let recorded = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"], environment: oldest)
        try #require(recorded.status == 0, "record on SQLite 3.24.0 exited \(recorded.status): \(recorded.stderr)")

        Self.refusal(try CLIRunner.run(["rides", "--db", db], environment: older), "rides")
        Self.refusal(try CLIRunner.run(["record", "--board", "Boards/bench", "--db", fresh, "--quiet"], environment: older), "record")
        #expect(!FileManager.default.fileExists(atPath: fresh), "record made \(fresh) on a library it refuses")

        let listed = try CLIRunner.run(["rides", "--db", db], environment: oldest)
        #expect(listed.status == 0, "rides on SQLite 3.24.0 exited \(listed.status): \(listed.stderr)")
    }

    static func bash(_ command: String) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", command], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test(.needs(PackageVersionTests.hasDpkg, "dpkg is missing: depends_with_sqlite_floor asks dpkg to compare versions"))
    func thePackageDependsOnTheSQLiteTheProgramChecksFor() throws {
        let floor = try Self.bash("source scripts/lib.sh && sqlite_floor")
        #expect(floor.stdout == SQLiteLibrary.oldestSupported + "\n", "scripts/lib.sh reads '\(floor.stdout)': \(floor.stderr)")
        // dpkg-shlibdeps' line for the arm64 binary on trixie, as package-arm64 printed it.
        let shlibdeps = "libc6 (>= 2.38), libgpiod3 (>= 2.0), libi2c0 (>= 4.0), libsqlite3-0 (>= 3.20.0), libstdc++6 (>= 14), zlib1g (>= 1:1.2.0)"
        let raised = try Self.bash("source scripts/lib.sh && depends_with_sqlite_floor '\(shlibdeps)'")
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stdout == "libc6 (>= 2.38), libgpiod3 (>= 2.0), libi2c0 (>= 4.0), libsqlite3-0 (>= 3.24.0), libstdc++6 (>= 14), zlib1g (>= 1:1.2.0)\n")
        // A newer floor from the symbols is kept; an unversioned one gets the floor; none at all is a failure.
        #expect(try Self.bash("source scripts/lib.sh && depends_with_sqlite_floor 'libc6, libsqlite3-0 (>= 3.45.1)'").stdout
                == "libc6, libsqlite3-0 (>= 3.45.1)\n")
        #expect(try Self.bash("source scripts/lib.sh && depends_with_sqlite_floor 'libc6, libsqlite3-0'").stdout == "libc6, libsqlite3-0 (>= 3.24.0)\n")
        #expect(try Self.bash("source scripts/lib.sh && depends_with_sqlite_floor 'libc6 (>= 2.38)'").status != 0)
        let script = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("scripts/package-arm64"), encoding: .utf8)
        #expect(script.contains("DEPENDS=$(depends_with_sqlite_floor \"$DEPENDS\")"), "scripts/package-arm64 no longer raises libsqlite3-0 to the floor")
    }
}
