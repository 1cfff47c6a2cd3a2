import RoamRig

/// `roam-board led-off --board DIR`: the recorder units' `ExecStopPost=` (`LEDOff`). systemd runs it
/// only once the recorder's processes are gone. It never fails the unit: a board with nothing to
/// darken is said in one line and exits 0.
enum LEDOffCommand {
    static let spec = CommandSpec(name: "led-off", abstract: "Darken the board's LED line (the recorder unit's ExecStopPost=).",
                                  options: [SharedOptions.boardFolder],
                                  discussion: "Exit 0 when the line is dark or there is none to darken; 74 when the chip refused the request.",
                                  isHidden: true)

    static func run(_ p: ParsedArguments) throws {
        print("led-off: " + (try LEDOff.darken(boardFolder: BoardLoader.absolute(try p.value(SharedOptions.boardFolder)))))
    }
}
