import Foundation
import Testing

/// Each Pi's wiring.md says what its board.conf does: the receiver's baud, and that its RX wire is
/// needed (the recorder writes to the module to set its baud and rate; without that wire it stays
/// at its boot baud, 9600, and 1 Hz).
@Suite struct WiringNotesTests {
    @Test("Each Pi's wiring.md gives board.conf's uart and baud, and the receiver's RX wire as required")
    func wiringAgreesWithTheBoardFile() throws {
        for name in BoardDeclarationTests.headerChipLabels.keys.sorted() {
            let board = try #require(try BoardFiles.all().first { $0.name == name })
            let wiring = try String(contentsOf: board.dir.appendingPathComponent("wiring.md"), encoding: .utf8)
            let rows = wiring.split(separator: "\n").filter { $0.hasPrefix("| ") }
            let tx = try #require(rows.first { $0.hasPrefix("| | TX |") }, "\(name): no receiver TX row")
            #expect(tx.contains("`uart = \(board.profile.uart)`, `baud = \(board.profile.baud)`"), "\(name): \(tx)")
            let rx = try #require(rows.first { $0.hasPrefix("| | RX ") }, "\(name): no receiver RX row")
            #expect(rx.contains("required") && !rx.contains("optional"), "\(name): \(rx)")
            #expect(board.profile.receiver != .none, "\(name): a board that configures its receiver needs the RX wire")
            // Any other baud named as board.conf's would contradict it.
            let named = wiring.matches(of: /`baud = ([0-9]+)`/).map { Int($0.output.1)! }
            #expect(named.allSatisfy { $0 == board.profile.baud }, "\(name): wiring.md names baud \(named)")
        }
    }

    /// The receiver's and the barometer's VCC were both on header pin 1: one pin, two wires. Each
    /// part's power has header pins of its own (the "N (…)" of its VCC row).
    @Test func eachPartsPowerHasAHeaderPinOfItsOwn() throws {
        for name in BoardDeclarationTests.headerChipLabels.keys.sorted() {
            let board = try #require(try BoardFiles.all().first { $0.name == name })
            let wiring = try String(contentsOf: board.dir.appendingPathComponent("wiring.md"), encoding: .utf8)
            let power = wiring.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
                .filter { $0.count > 4 && $0[2].hasPrefix("VCC") }
                .map { row in (part: row[1], pins: row[3].matches(of: /([0-9]+) \(/).map { Int($0.output.1)! }) }
            #expect(power.count == 2 && power.allSatisfy { !$0.pins.isEmpty }, "\(name): \(power)")
            for (i, one) in power.enumerated() {
                for other in power.dropFirst(i + 1) {
                    let shared = Set(one.pins).intersection(other.pins)
                    #expect(shared.isEmpty, "\(name): \(one.part) and \(other.part) share header pin \(shared.sorted())")
                }
            }
        }
    }
}
