import Glibc
import Testing
import RoamSystem

/// Every descriptor the program opens is close-on-exec from birth: set later (or by the spawner's
/// sweep), another thread's posix_spawn in between would hand it to a tool such as mkfs.vfat.
@Suite struct CloseOnExecTests {
    @Test("The scratch file handed to gpsbabel is opened close-on-exec (mkostemp, not mkstemp)")
    func scratchFileIsCloseOnExec() throws {
        let fd = try FileSystem.unlinkedScratchFile(holding: [1, 2, 3])
        defer { close(fd) }
        #expect(try Self.openFlags(fd) & O_CLOEXEC != 0)
    }

    /// Descriptors opened and closed within one function cannot be looked at from a test: the
    /// sources are read instead. A libc open( with access flags must say O_CLOEXEC, an fopen mode
    /// must carry "e", and mkstemp (which cannot) must not be used.
    @Test("No source opens a descriptor without close-on-exec")
    func noSourceOpensWithoutCloseOnExec() throws {
        let sources = FilePath.parent(FilePath.parent(FilePath.parent(#filePath))) + "/Sources"
        var found: [String] = []
        for file in try Self.swiftFiles(sources) {
            for (number, line) in try FileSystem.readText(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingPrefix(while: \.isWhitespace)
                if code.hasPrefix("//") { continue }
                if Self.lacksCloseOnExec(String(code)) { found.append("\(file.dropFirst(sources.count + 1)):\(number + 1): \(code)") }
            }
        }
        #expect(found.isEmpty, "opened without close-on-exec:\n\(found.joined(separator: "\n"))")
    }

    static func lacksCloseOnExec(_ line: String) -> Bool {
        if line.contains("mkstemp(") { return true }
        if let at = line.range(of: "fopen(") {
            // The mode is the call's last string literal: "r", "re", "w+e".
            let quoted = line[at.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
            let mode = quoted.count >= 4 ? quoted[quoted.count - 2] : ""
            return !mode.contains("e")
        }
        let accessFlags = ["O_RDONLY", "O_WRONLY", "O_RDWR", "O_PATH"]
        let callsOpen = line.contains(" open(") || line.contains("{ open(") || line.contains("(open(") || line.contains("Glibc.open(")
        return callsOpen && accessFlags.contains(where: { line.contains($0) }) && !line.contains("O_CLOEXEC")
    }

    /// The flags of `fd` as /proc/self/fdinfo says them (octal).
    static func openFlags(_ fd: CInt) throws -> CInt {
        let info = try FileSystem.readText("/proc/self/fdinfo/\(fd)")
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("flags:") }, "fdinfo: \(info)")
        return try #require(CInt(line.dropFirst("flags:".count).trimmingPrefix(while: \.isWhitespace), radix: 8), "\(line)")
    }

    static func swiftFiles(_ folder: String) throws -> [String] {
        var files: [String] = []
        for name in try FileSystem.folderEntries(folder) {
            let path = folder + "/" + name
            if FileSystem.isFolder(path) { files += try swiftFiles(path) } else if name.hasSuffix(".swift") { files.append(path) }
        }
        return files
    }
}
