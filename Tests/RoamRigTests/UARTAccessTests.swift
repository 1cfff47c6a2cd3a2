import Foundation
import RoamHardware
import RoamPorts
@testable import RoamRig
import Testing

/// The UART refusing the recorder's user (EACCES). The recorder said "the user needs to be in the
/// 'dialout' group", but on an installed board user roam owns it by the udev rule and needs no group:
/// the usual cause on a Pi is a login console (agetty makes the tty root:tty 0620 while it runs).
@Suite struct UARTAccessTests {
    static func refused(_ device: String) -> DeviceError { DeviceError(.uart, .open, device: device, errno: .accessDenied) }

    @Test func aLoginConsoleOnThePortIsNamedFirst() throws {
        let pty = try PseudoTerminal()
        let root = try FakeRoot()
        try root.link(String(pty.secondaryPath.dropFirst()), to: "ttyAMA0")
        try root.write("etc/systemd/system/getty.target.wants/serial-getty@ttyAMA0.service")
        try root.write(BoardSystemChecks.installedRule)
        let said = "\(BoardSystemChecks.uartRefused(Self.refused(pty.secondaryPath), uart: pty.secondaryPath, root: root.path))"
        #expect(said.contains("A console holds the port: a login console is enabled on it: sudo systemctl disable --now serial-getty@ttyAMA0.service"), "\(said)")
        #expect(!said.contains("dialout"), "\(said)")
    }

    @Test func onAnInstalledBoardWithoutAConsoleTheNodesOwnerIsSaidNotAGroup() throws {
        let pty = try PseudoTerminal()
        let root = try FakeRoot()
        try root.write(BoardSystemChecks.installedRule)
        let said = "\(BoardSystemChecks.uartRefused(Self.refused(pty.secondaryPath), uart: pty.secondaryPath, root: root.path))"
        #expect(said.contains("\(pty.secondaryPath) is owned by root, group ") && said.contains(", mode 0"), "\(said)")
        #expect(said.contains("the board's udev rule (/etc/udev/rules.d/99-roam-board.rules) makes user roam its owner"), "\(said)")
        #expect(!said.contains("dialout"), "\(said)")
    }

    @Test func offAnInstalledBoardTheGroupIsAdvisedBesideTheOwner() throws {
        let pty = try PseudoTerminal()
        let root = try FakeRoot()
        let said = "\(BoardSystemChecks.uartRefused(Self.refused(pty.secondaryPath), uart: pty.secondaryPath, root: root.path))"
        #expect(said.contains("\(pty.secondaryPath) is owned by root, group ") && said.contains("the user needs to be in the 'dialout' group"), "\(said)")
    }
}
