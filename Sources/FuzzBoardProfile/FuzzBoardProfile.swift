import RoamCore

// libFuzzer target for the board-file parser (`BoardProfile.parse`), seeded with Boards/*/board.conf
// by scripts/fuzz. In a normal build this file is an executable that does nothing.
//
// Beyond "never traps": a profile that parses holds only values the parser promises (its ranges
// and closed choices), parsing is a function of the text (the same text, the same verdict), and the
// LED's own reader (led-off) finds the LED of every profile that parses.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoardProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let first: Result<BoardProfile, BoardProfileError>
    do throws(BoardProfileError) {
        first = .success(try BoardProfile.parse(text, file: "board.conf"))
    } catch {
        first = .failure(error)
    }
    let second: Result<BoardProfile, BoardProfileError>
    do throws(BoardProfileError) {
        second = .success(try BoardProfile.parse(text, file: "board.conf"))
    } catch {
        second = .failure(error)
    }
    guard first == second else { fatalError("BoardProfile.parse gave two verdicts on one text") }
    if case .success(let profile) = first {
        guard (1200...4_000_000).contains(profile.baud), (0x76...0x77).contains(profile.bmp280Address),
              (0...1023).contains(profile.buttonLine), (0...1023).contains(profile.ledLine),
              !profile.name.isEmpty, !profile.uart.isEmpty, !profile.i2cBus.isEmpty,
              !profile.gpioChip.isEmpty, !profile.dataDir.isEmpty else {
            fatalError("BoardProfile.parse accepted a value outside its contract: \(profile)")
        }
        // led-off reads the LED's keys alone, through the same line reader: it finds the LED the recorder drives.
        guard LEDDeclaration.read(text) == LEDDeclaration(gpioChip: profile.gpioChip, line: profile.ledLine) else {
            fatalError("LEDDeclaration.read disagrees with BoardProfile.parse on the LED: \(profile)")
        }
    }
    return 0
}
