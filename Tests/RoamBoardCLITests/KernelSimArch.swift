import Foundation

/// The two VMs: x86-64 (libgpiod 1.6, a local static build) and aarch64 (the arm64 .deb, libgpiod 2).
enum KernelSimArch: Sendable, Hashable {
    case x86_64, arm64

    /// scripts/kernel-sim's arguments; nil when the aarch64 run has no .deb to test.
    var arguments: [String]? {
        switch self {
        case .x86_64: return ["--no-install"]
        case .arm64:
            guard let deb = ProcessInfo.processInfo.environment["ROAM_KERNEL_SIM_ARM64_DEB"], !deb.isEmpty else { return nil }
            return ["--no-install", "--arch", "arm64", "--deb", deb]
        }
    }

    /// The PASS lines of each scenario when every check that can run here runs (those of a known
    /// SKIP are not: the aarch64 VM runs none of s8 and s10, and s9 without its baud check).
    var passes: [String: Int] {
        switch self {
        case .x86_64: return ["host": 4, "env": 45, "s1-selftest": 7, "s2-ride": 9, "s3-pressure": 2, "s4-silent": 3,
                              "s5-restart": 3, "s6-clock": 9, "s8-usb-drive": 8, "s9-ten-hz": 7, "s10-power-cut": 5]
        case .arm64: return ["host": 5, "env": 17, "s1-selftest": 7, "s2-ride": 9, "s3-pressure": 2, "s4-silent": 3,
                             "s5-restart": 3, "s6-clock": 9, "s8-usb-drive": 0, "s9-ten-hz": 6, "s10-power-cut": 0]
        }
    }

    /// The SKIPs this architecture's VM is known for, by scenario and the words that say why: the
    /// aarch64 initramfs has no dummy_hcd, mtools, dmsetup or e2fsprogs (s8 and s10 run on x86-64),
    /// and QEMU's PL011 passes no baud to the host (s9's baud check). x86-64 runs everything.
    func skipIsExpected(_ scenario: String, _ line: String) -> Bool {
        guard self == .arm64 else { return false }
        switch scenario {
        case "s8-usb-drive", "s10-power-cut": return line.contains("runs in the x86-64 VM")
        case "s9-ten-hz": return line.contains("the baud is not modelled")
        default: return false
        }
    }
}
