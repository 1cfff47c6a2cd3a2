import Foundation
import Testing

/// The .deb's binary is linked in the order of the functions the arm64 binary itself ran (issue 25:
/// the recorder's resident memory). x86-64's list, made with another toolchain (Swift 6.3 against
/// trixie's 6.0.3, which inlines and specialises other functions), left the 0.9 MB of arm64 code a
/// ride runs spread over 4.8 MB, and the kernel maps 64 KiB around each page that runs
/// (docs/BENCHMARKS.md, "The arm64 binary's own order").
@Suite struct SymbolOrderTests {
    static let arm64List = CLIRunner.repoRoot.appendingPathComponent("packaging/symbol-order-arm64.txt")

    @Test func theArm64PackageIsLinkedWithItsOwnList() throws {
        let r = try CLIRunner.run(["-c", "source scripts/lib.sh && arm64_symbol_order_flags /src"],
                                  executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("--symbol-ordering-file=/src/packaging/symbol-order-arm64.txt"), "\(r.stdout)")
        let script = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("scripts/package-arm64"), encoding: .utf8)
        #expect(script.contains("$(arm64_symbol_order_flags /src)"))
        #expect(!script.contains("$(symbol_order_flags"), "package-arm64 still gives lld the x86-64 list")
    }

    /// The list holds names only (GNU nm's aarch64 mapping symbols $x and $d name no function), each
    /// once, and a ride's commit among the functions that ran, before the modules added unseen.
    @Test func theArm64ListNamesTheCommitAmongWhatRan() throws {
        let names = try String(contentsOf: Self.arm64List, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(names.count > 1_000, "\(names.count) names")
        #expect(Set(names).count == names.count, "a name twice")
        #expect(names.allSatisfy { !$0.isEmpty && !$0.contains(" ") && !$0.hasPrefix("$x") && !$0.hasPrefix("$d") })
        let commit = "$s9RoamStore04RideB0C6commit_0D5UTCms13parkedBatches10lostEpochsy0A4Core5BatchV_s5Int64VS2itAA11SQLiteErrorVYKF"
        let at = try #require(names.firstIndex(of: commit), "RideStore.commit is not in the list")
        // The functions a board runs and the bench does not come after all that ran, from the module's start.
        let firstUnseen = names.firstIndex { $0.hasPrefix("$s12RoamHardware") && $0.contains("GPIO") }
        #expect(firstUnseen.map { at < $0 } ?? true, "the commit at \(at), after \(firstUnseen ?? -1)")
    }
}
