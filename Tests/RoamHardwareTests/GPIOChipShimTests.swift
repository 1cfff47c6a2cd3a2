import CShims
import Glibc
import Testing
@testable import RoamHardware

/// A chip's info comes from the kernel itself (roam_gpiochip_*), not from libgpiod, so a path that
/// is not a chip fails with the kernel's code whichever libgpiod the build has: 2.x judges the path
/// through sysfs first and would say ENOENT or ENODEV for /dev/null, where the kernel says ENOTTY.
@Suite struct GPIOChipShimTests {
    @Test func theKernelSaysWhatIsNotAChip() throws {
        #expect(roam_gpiochip_open("/dev/gpiochip-roam-none") == -ENOENT)
        #expect(roam_gpiochip_open("/") == -EISDIR)
        let fd = roam_gpiochip_open("/dev/null")
        try #require(fd >= 0)
        defer { _ = roam_fd_close(fd) }
        var label = [CChar](repeating: 0, count: 32)
        var lines: UInt32 = 7
        #expect(label.withUnsafeMutableBufferPointer { roam_gpiochip_info(fd, $0.baseAddress!, $0.count, &lines) } == -ENOTTY)
        #expect(lines == 7, "nothing is written on failure")
    }

    @Test func aChipWithAnEmptyLabelIsUnknownAsLibgpiodSays() {
        #expect(GPIOChipInfo.shownLabel("") == "unknown")
        #expect(GPIOChipInfo.shownLabel("pinctrl-rp1") == "pinctrl-rp1")
    }
}
