import Foundation
import Testing

/// The roam-board commands a line quotes ('sudo -u roam roam-board prune …'), run as printed: each
/// gets past the parser and every usage check (a placeholder such as DATE, or no database named,
/// is a usage error: 64). sudo is left off: the test is the data folder's owner already.
enum PrintedCommands {
    static func expectEachParses(_ text: String, atLeast: Int = 1) throws {
        let commands = DriveReadmeCommandsTests.quotedCommands(text)
        #expect(commands.count >= atLeast, "no quoted roam-board command in: \(text)")
        for command in commands {
            let words = Self.words(command)
            #expect(words.first == "roam-board", "\(command)")
            let r = try CLIRunner.run(Array(words.dropFirst()))
            #expect(r.status != 64, "'\(command)' as printed is a usage error: \(r.stderr)")
        }
    }

    /// A quoted command as the words to run, a leading `sudo` or `sudo -u USER` left off.
    static func words(_ command: String) -> [String] {
        var words = command.split(separator: " ").map(String.init)
        if words.first == "sudo" { words.removeFirst(words.count > 2 && words[1] == "-u" ? 3 : 1) }
        return words
    }
}
