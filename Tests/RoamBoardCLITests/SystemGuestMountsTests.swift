import Foundation
import Glibc
import RoamSystem
import RoamTestSupport
import Testing

/// A `scripts/test` phase that failed while the system guest's root was being made left
/// `.build/system-guest/root-base/proc` mounted (debootstrap's), and a later `rm -rf` of the clone
/// failed. The dry run (Tests/SystemGuest/host/mounts-dry-run.sh: the real preparation in a scratch
/// folder, debootstrap a stand-in that mounts proc; no VM, no network) fails, stops, succeeds and
/// leaves stale mounts: nothing may stay mounted in any case.
@Suite(.needs(geteuid() == 0, "mounting proc in a scratch root needs root"))
struct SystemGuestMountsTests {
    @Test func theGuestsRootLeavesNothingMountedOnAnyExit() throws {
        let script = CLIRunner.repoRoot.appendingPathComponent("Tests/SystemGuest/host/mounts-dry-run.sh")
        // Through ChildProcess, which starts it with no signal blocked or ignored: a child of this
        // test process inherits its threads' blocked SIGTERM, and the stopped case would stop nothing.
        let r = try ChildProcess.run("/bin/bash", ["bash", script.path, CLIRunner.repoRoot.path], limit: .seconds(120))
        let out = String(decoding: r.stdout, as: UTF8.self)
        #expect(r.status == 0, "\(out)\(String(decoding: r.stderr, as: UTF8.self))")
        let passed = out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }
        #expect(passed.count == 5, "\(out)")
    }
}
