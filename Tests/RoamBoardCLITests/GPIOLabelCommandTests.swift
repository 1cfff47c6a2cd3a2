import Foundation
import Testing

/// `roam-board gpio-label --chip PATH`, the udev rule's PROGRAM, on its failure paths (this machine
/// has no gpiochip; the kernel-sim guest's s1 asks gpio-sim banks labelled like the Pis' chips).
/// A failure prints nothing on stdout, so the rule's RESULT== cannot match it.
@Suite struct GPIOLabelCommandTests {
    @Test func aMissingChipIsNamedAndPrintsNoLabel() throws {
        let r = try CLIRunner.run(["gpio-label", "--chip", "/dev/gpiochip99"])
        #expect(r.status == 74)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("gpio open on /dev/gpiochip99 failed: it does not exist."), "\(r.stderr)")
        // gpio-label reads no board.conf: the words name the option that named the chip.
        #expect(r.stderr.contains("Check --chip"), "\(r.stderr)")
        #expect(!r.stderr.contains("board.conf"), "\(r.stderr)")
    }

    @Test func aNodeThatIsNotAGPIOChipSaysSo() throws {
        let r = try CLIRunner.run(["gpio-label", "--chip", "/dev/null"])
        #expect(r.status == 74)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("/dev/null is not a GPIO chip: --chip names one of /dev/gpiochip*"), "\(r.stderr)")
    }

    @Test func theChipIsRequired() throws {
        let r = try CLIRunner.run(["gpio-label"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--chip"), "\(r.stderr)")
    }
}
