import Foundation
import Testing

/// roam-board as the real board against the Linux kernel's own drivers (gpio-sim, i2c-stub,
/// a 16550 UART) in a QEMU VM. `scripts/kernel-sim --no-install` boots the VM once for all tests;
/// each test judges the verdict lines of one scenario ("PASS|FAIL|SKIP <scenario>: ...").
///
/// A machine that cannot run the VM (QEMU or the kernel packages missing) skips, naming what is
/// missing, unless ROAM_KERNEL_SIM=required (set by scripts/test, which installs them): then it fails.
/// A scenario that printed nothing fails: the harness never passes silently.
@Suite("kernel-sim VM", .serialized)
struct KernelSimTests {
    // One test per scenario rather than one parameterized test: a skipped test case would not be
    // reported, a skipped test is, with its reason.
    @Test("host: kernel, gpio-sim module, static roam-board, initramfs, boot", .kernelSim("host"))
    func host() async throws { try await judge("host") }

    @Test("env: gpio-sim as pinctrl-bcm2835, i2c-stub as a BMP280, NMEA on ttyS1", .kernelSim("env"))
    func environment() async throws { try await judge("env") }

    @Test("s1: selftest finds every device; without the barometer it names it; the Pi rules find each header chip by label", .kernelSim("s1-selftest"))
    func selftest() async throws { try await judge("s1-selftest") }

    @Test("s2: a press starts a ride, NMEA flows, the LED blinks per commit, a press stops", .kernelSim("s2-ride"))
    func ride() async throws { try await judge("s2-ride") }

    @Test("s3: new raw pressure mid-ride changes pressure and altitude as the datasheet predicts", .kernelSim("s3-pressure"))
    func pressureChange() async throws { try await judge("s3-pressure") }

    @Test("s4: a cut serial feed gives a 'receiver silent' gap and its LED pattern", .kernelSim("s4-silent"))
    func receiverSilent() async throws { try await judge("s4-silent") }

    @Test("s5: SIGKILL and restart: one gap, check passes", .kernelSim("s5-restart"))
    func restart() async throws { try await judge("s5-restart") }

    @Test("s6: the wall clock set back years and forward days: the LED keeps its pattern, every fix stored, no gap", .kernelSim("s6-clock"))
    func clockJump() async throws { try await judge("s6-clock") }

    @Test("s8: the board as a USB drive through dummy_hcd: a SCSI disk mounted read-only, dump's files, hand-over, replug, SIGKILL mid-rebuild", .kernelSim("s8-usb-drive"))
    func usbDrive() async throws { try await judge("s8-usb-drive") }

    @Test("s9: a stock u-blox (9600 baud, 1 Hz) found, moved to 115200 and 10 Hz by acknowledged UBX commands; a ride at 10 Hz through the 8250 UART, commits at the cadence", .kernelSim("s9-ten-hz"))
    func tenHertz() async throws { try await judge("s9-ten-hz") }

    @Test("s10: power cuts at the block layer: a ride and its dump on ext4 over dm-log-writes, replayed to every flush, mark and random point: nothing acknowledged lost, no dumped file torn", .kernelSim("s10-power-cut"))
    func powerCut() async throws { try await judge("s10-power-cut") }

    /// Fewer or more PASS lines than the scenario's checks on this architecture (KernelSimArch.passes)
    /// mean a check went missing or went uncounted, which must not read as a pass.
    fileprivate func judge(_ id: String, arch: KernelSimArch = .x86_64) async throws {
        let outcome = try await KernelSimHarness.shared.outcome(arch)
        if let reason = outcome.cannotRun {
            // Reached only when the VM is required: otherwise the `.kernelSim` trait skipped the test.
            Issue.record("kernel-sim cannot run on a machine that should: \(reason)")
            return
        }
        let lines = outcome.verdicts.filter { $0.scenario == id }
        if id == "host" {
            // The whole run, once, for the log (and the closing note's times); one write, so the
            // lines of tests running beside this one do not cut into it.
            FileHandle.standardOutput.write(Data((outcome.report + "\n").utf8))
            // A failing scenario fails its own test; an exit status no FAIL line explains fails here.
            if outcome.status != 0 && !outcome.verdicts.contains(where: { $0.verdict == "FAIL" }) {
                Issue.record("scripts/kernel-sim exited \(outcome.status) without a FAIL line; its last output:\n\(outcome.tail)")
            }
        }
        guard !lines.isEmpty else {
            Issue.record("scenario \(id) reported nothing (exit \(outcome.status)); the harness's last output:\n\(outcome.tail)")
            return
        }
        for line in lines where line.verdict == "FAIL" { Issue.record(Comment(rawValue: line.text)) }
        let skips = lines.filter { $0.verdict == "SKIP" }.map(\.text)
        let passes = lines.filter { $0.verdict == "PASS" }.count
        // Checked whenever nothing else failed: a SKIP this architecture is known for is in its count;
        // an unknown one fails below when the VM is required, and is no count to judge otherwise.
        let expected = arch.passes[id]
        if expected == nil { Issue.record("scenario \(id) has no PASS count for \(arch) in KernelSimArch.passes") }
        if let expected, !lines.contains(where: { $0.verdict == "FAIL" }),
           skips.allSatisfy({ arch.skipIsExpected(id, $0) }), passes != expected {
            Issue.record("scenario \(id) printed \(passes) PASS lines on \(arch) and no FAIL; its checks there number \(expected)")
        }
        // A SKIP this architecture is known for is shown as a known issue. Any other SKIP, when the
        // VM is required, is a check that went missing (a regression must not read as a skip).
        for skip in skips {
            if KernelSimHarness.isRequired, !arch.skipIsExpected(id, skip) {
                Issue.record("a SKIP where the check must run on \(arch): \(skip)")
            } else {
                withKnownIssue(Comment(rawValue: skip)) { Issue.record(Comment(rawValue: skip)) }
            }
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Whether scenario `id` runs is decided before its test starts (Swift 6.0 has no `Test.cancel`),
    /// and swift-testing decides every condition before the first test of the run starts.
    /// When the VM is required there is nothing to decide: the run is only started here, and goes on
    /// beside the other tests (the judge waits for it; a known SKIP is a known issue there). Otherwise
    /// the VM runs first (once per architecture) and the test is skipped, with the reason printed,
    /// when this machine cannot run it or the scenario printed only SKIP lines.
    fileprivate static func kernelSim(_ id: String, _ arch: KernelSimArch = .x86_64) -> Self {
        .enabled("kernel-sim ran scenario \(id) (when not, the SKIP reason is printed above)") {
            try await KernelSimHarness.shared.runs(id, arch)
        }
    }
}

/// One verdict line of the harness or the guest.
private struct KernelSimVerdict: Sendable {
    var verdict: String
    var scenario: String
    var text: String

    /// Parses "PASS s2-ride: ..." (also FAIL, SKIP); other lines are not verdicts.
    init?(_ line: Substring) {
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count == 3, ["PASS", "FAIL", "SKIP"].contains(parts[0]), parts[1].hasSuffix(":") else { return nil }
        verdict = String(parts[0])
        scenario = String(parts[1].dropLast())
        text = String(line)
    }
}

private struct KernelSimOutcome: Sendable {
    var status: Int32
    var verdicts: [KernelSimVerdict]
    /// Set when the harness exited 77: what this machine lacks.
    var cannotRun: String?
    /// Every PASS/FAIL/SKIP/INFO line and the RESULT line, in order.
    var report: String
    var tail: String
    /// The aarch64 run without ROAM_KERNEL_SIM_ARM64_DEB: not run at all.
    var notRequested = false
}

/// Runs the harness at most once per test process, without blocking a thread of the shared pool
/// while the VM runs (a minute or more).
private actor KernelSimHarness {
    static let shared = KernelSimHarness()
    private var runs: [KernelSimArch: Task<KernelSimOutcome, any Error>] = [:]
    /// The run started last: the next one waits for it, so two VMs never share the two cores.
    private var last: Task<KernelSimOutcome, any Error>?

    func outcome(_ arch: KernelSimArch = .x86_64) async throws -> KernelSimOutcome {
        try await start(arch).value
    }

    /// scripts/test installs everything the VMs need and sets ROAM_KERNEL_SIM=required.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["ROAM_KERNEL_SIM"] == "required" }

    /// Starts the run of `arch` (after the one started before it) without waiting for it.
    private func start(_ arch: KernelSimArch) -> Task<KernelSimOutcome, any Error> {
        if let run = runs[arch] { return run }
        let before = last
        let task = Task {
            _ = try? await before?.value
            return try await Self.launch(arch)
        }
        runs[arch] = task
        last = task
        return task
    }

    /// Whether scenario `id`'s test runs; when not, its SKIP reason is printed.
    func runs(_ id: String, _ arch: KernelSimArch) async throws -> Bool {
        // Required and asked for: the test runs whatever the VM prints, so nobody waits for it here.
        if Self.isRequired, arch.arguments != nil {
            _ = start(arch)
            return true
        }
        let outcome = try await outcome(arch)
        if let reason = outcome.cannotRun {
            // Here also an aarch64 run nobody asked for (no .deb named), even when the VM is required.
            print("kernel-sim skipped \(id): \(reason)")
            return false
        }
        let lines = outcome.verdicts.filter { $0.scenario == id }
        guard !lines.isEmpty, lines.allSatisfy({ $0.verdict == "SKIP" }) else { return true }
        print(lines.map(\.text).joined(separator: "\n"))
        return false
    }

    private static func launch(_ arch: KernelSimArch) async throws -> KernelSimOutcome {
        guard let arguments = arch.arguments else {
            let reason = "SKIP host: ROAM_KERNEL_SIM_ARM64_DEB is not set: the aarch64 VM runs the arm64 .deb it names (scripts/package-arm64 makes one)"
            return KernelSimOutcome(status: 77, verdicts: [], cannotRun: reason, report: reason, tail: "", notRequested: true)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // A file, not a pipe: nobody has to drain it while the VM runs.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kernel-sim-\(getpid()).txt")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              let sink = FileHandle(forWritingAtPath: output.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
        }
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/kernel-sim")
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.standardOutput = sink
        process.standardError = sink
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { done in
            process.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                done.resume(throwing: error)
            }
        }
        try sink.close()
        let text = try String(contentsOf: output, encoding: .utf8)
        try FileManager.default.removeItem(at: output)
        let lines = text.split(separator: "\n")
        let verdicts = lines.compactMap(KernelSimVerdict.init)
        let cannotRun = status == 77
            ? verdicts.first { $0.verdict == "SKIP" && $0.scenario == "host" }?.text ?? "exit 77 without a reason"
            : nil
        let report = lines.filter { line in ["PASS ", "FAIL ", "SKIP ", "INFO ", "RESULT:"].contains { line.hasPrefix($0) } }
        return KernelSimOutcome(status: status, verdicts: verdicts, cannotRun: cannotRun,
                                report: report.joined(separator: "\n"), tail: lines.suffix(25).joined(separator: "\n"))
    }
}

/// The same scenarios on aarch64: `scripts/kernel-sim --arch arm64 --deb $ROAM_KERNEL_SIM_ARM64_DEB`
/// (Debian 13's arm64 kernel on qemu-system-aarch64 -M virt, the GNSS on its PL011). Without that
/// variable every test skips saying so; with it and ROAM_KERNEL_SIM=required it must run and pass.
@Suite("kernel-sim VM, aarch64", .serialized)
struct KernelSimArm64Tests {
    private func judge(_ id: String) async throws {
        try await KernelSimTests().judge(id, arch: .arm64)
    }

    @Test("aarch64 host: arm64 kernel, gpio-sim and i2c-stub modules, the .deb's roam-board, initramfs, boot", .kernelSim("host", .arm64))
    func host() async throws { try await judge("host") }

    @Test("aarch64 env: gpio-sim as pinctrl-bcm2835, i2c-stub as a BMP280, NMEA on the PL011 ttyAMA0", .kernelSim("env", .arm64))
    func environment() async throws { try await judge("env") }

    @Test("aarch64 s1: selftest finds every device; without the barometer it names it; the Pi rules find each header chip by label", .kernelSim("s1-selftest", .arm64))
    func selftest() async throws { try await judge("s1-selftest") }

    @Test("aarch64 s2: a press starts a ride, NMEA flows, the LED blinks per commit, a press stops", .kernelSim("s2-ride", .arm64))
    func ride() async throws { try await judge("s2-ride") }

    @Test("aarch64 s3: new raw pressure mid-ride changes pressure and altitude as the datasheet predicts", .kernelSim("s3-pressure", .arm64))
    func pressureChange() async throws { try await judge("s3-pressure") }

    @Test("aarch64 s4: a cut serial feed gives a 'receiver silent' gap and its LED pattern", .kernelSim("s4-silent", .arm64))
    func receiverSilent() async throws { try await judge("s4-silent") }

    @Test("aarch64 s5: SIGKILL and restart: one gap, check passes", .kernelSim("s5-restart", .arm64))
    func restart() async throws { try await judge("s5-restart") }

    @Test("aarch64 s6: the wall clock stepped back and forward: the LED keeps its pattern, every fix stored, no gap", .kernelSim("s6-clock", .arm64))
    func clockJump() async throws { try await judge("s6-clock") }

    /// The arm64 VM has no dummy_hcd or mtools in its initramfs: s8 says so in a SKIP line
    /// (a known issue when the VM is required; otherwise the trait skips this).
    @Test("aarch64 s8: the board as a USB drive (runs in the x86-64 VM only)", .kernelSim("s8-usb-drive", .arm64))
    func usbDrive() async throws { try await judge("s8-usb-drive") }

    @Test("aarch64 s9: the u-blox configured to 10 Hz by acknowledged UBX commands, a ride at 10 Hz through the PL011 (its baud is not modelled: SKIP)", .kernelSim("s9-ten-hz", .arm64))
    func tenHertz() async throws { try await judge("s9-ten-hz") }

    /// The arm64 initramfs has neither dmsetup nor e2fsprogs: s10 says so in a SKIP line
    /// (a known issue when the VM is required; otherwise the trait skips this).
    @Test("aarch64 s10: power cuts at the block layer (runs in the x86-64 VM only)", .kernelSim("s10-power-cut", .arm64))
    func powerCut() async throws { try await judge("s10-power-cut") }
}
