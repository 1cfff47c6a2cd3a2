import Foundation
import Glibc
import Testing

/// A `scripts/test` phase that failed while the system guest's root was being made left
/// `.build/system-guest/root-base/proc` mounted (debootstrap's), and a later `rm -rf` of the clone
/// failed. The dry run (Tests/SystemGuest/host/mounts-dry-run.sh: the real preparation in a scratch
/// folder, debootstrap a stand-in that mounts proc; no VM, no network) fails, stops, succeeds and
/// leaves stale mounts: nothing may stay mounted in any case.
@Suite(.enabled(if: geteuid() == 0, "mounting proc in a scratch root needs root"))
struct SystemGuestMountsTests {
    @Test func theGuestsRootLeavesNothingMountedOnAnyExit() throws {
        let script = CLIRunner.repoRoot.appendingPathComponent("Tests/SystemGuest/host/mounts-dry-run.sh")
        let r = try CLIRunner.run([script.path, CLIRunner.repoRoot.path], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let passed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }
        #expect(passed.count == 5, "\(r.stdout)")
    }
}
