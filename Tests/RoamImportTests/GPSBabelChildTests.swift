import Glibc
import Testing
import RoamSystem
@testable import RoamImport

/// gpsbabel as a child process, stood in for by small shell programs (its path is the caller's):
/// one that hangs, one that fails with a message, one that is not there.
@Suite struct GPSBabelChildTests {
    static let fit = FilePath.parent(FilePath.parent(#filePath)) + "/Data/rides/edge200-2015-10-13.fit"

    /// A program `name` in a fresh folder, running the shell `body`.
    static func standIn(_ name: String, _ body: String) throws -> String {
        let dir = FileSystem.temporaryFolder + "/roam-gpsbabel-\(getpid())-\(name)"
        _ = try FileSystem.makeFolders(dir)
        let path = dir + "/gpsbabel"
        try FileSystem.write(Array("#!/bin/sh\n\(body)\n".utf8), to: path, mode: 0o755)
        return path
    }

    static func convertError(_ program: String, limit: Duration = GPSBabel.timeLimit) throws -> ImportError? {
        let file = try RideFile.read(fit, largestUncompressedBytes: RideFile.largestUncompressedBytes)
        do { _ = try GPSBabel.convert(file, program: program, limit: limit) } catch { return error }
        return nil
    }

    @Test("A gpsbabel that hangs is stopped at its limit, and the file is said likely damaged")
    func hangingGPSBabelIsStopped() throws {
        let program = try Self.standIn("hangs", "exec sleep 600")
        defer { try? FileSystem.removeTree(FilePath.parent(program)) }
        let error = try #require(try Self.convertError(program, limit: .milliseconds(300)))
        #expect(error.kind == .badFile)
        #expect(error.description == "\(Self.fit): not read: gpsbabel was still reading it after 300 ms and was stopped "
                + "(a long ride takes it minutes on a Pi Zero); the file is likely damaged: export the ride again from its device or website")
    }

    @Test("gpsbabel's own message comes after our sentence, quoted as its words")
    func gpsbabelMessageIsQuoted() throws {
        let program = try Self.standIn("complains", "echo 'ERROR: record 7 is bad' >&2; echo 'second line' >&2; exit 1")
        defer { try? FileSystem.removeTree(FilePath.parent(program)) }
        let error = try #require(try Self.convertError(program))
        #expect(error.kind == .badFile)
        #expect(error.description == "\(Self.fit): gpsbabel could not read it as FIT (exit status 1); the file is damaged or not a FIT ride; "
                + "gpsbabel said: \"ERROR: record 7 is bad\"")
    }

    @Test("A gpsbabel that cannot be started is said once, with what to check")
    func unstartableGPSBabelIsSaidOnce() throws {
        let error = try #require(try Self.convertError("/nonexistent/gpsbabel"))
        #expect(error.kind == .toolFailed)
        #expect(error.description == "\(Self.fit): not read: cannot start /nonexistent/gpsbabel, which reads FIT files (it does not exist); "
                + "check that it runs ('/nonexistent/gpsbabel --version'), or apt install --reinstall gpsbabel")
    }
}
