import Glibc
import Testing
import RoamSystem

/// What a rider reads of an errno: own words with what to check, never strerror's prose lowercased.
@Suite struct ErrnoWordsTests {
    let root: String

    init() throws {
        var template = Array("/tmp/roam-errno-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: try #require(made))
    }

    @Test("A name too long for the file system says to give a shorter path (it was strerror's 'file name too long')")
    func aNameTooLongSaysGiveAShorterPath() throws {
        defer { try? FileSystem.removeTree(root) }
        let long = root + "/" + String(repeating: "r", count: 300) + ".gpx"
        do {
            _ = try FileSystem.readBytes(long)
            Issue.record("read a file named with 300 characters")
        } catch {
            #expect(error.description == "cannot open \(long): the name or the path is too long: give a shorter path")
        }
    }

    @Test("A symbolic link that leads back to itself is said as that (it was 'too many levels of symbolic links')")
    func aLinkLoopSaysCheckThePath() throws {
        defer { try? FileSystem.removeTree(root) }
        let a = root + "/a", b = root + "/b"
        try #require(symlink(b, a) == 0 && symlink(a, b) == 0)
        do {
            _ = try FileSystem.readBytes(a)
            Issue.record("read a symbolic link loop")
        } catch {
            #expect(error.description == "cannot open \(a): its path goes round in symbolic links (a link that leads back to itself): check the path")
        }
    }

    @Test("The codes a rider's card, file or folder can give have words of their own, not strerror's")
    func ridersCodesHaveOwnWords() {
        for code in [ENAMETOOLONG, ELOOP, EMFILE, ENFILE, EFBIG, ENOLCK, EROFS, ENOTDIR, EISDIR, EEXIST, EIO, ENODEV, ENXIO,
                     ETXTBSY, EXDEV, ENOTEMPTY, ENOMEDIUM, EUCLEAN] {
            let e = Errno(rawValue: code)
            let strerror = String(cString: Glibc.strerror(code)).lowercased()
            #expect(e.words != strerror && !e.words.isEmpty, "\(e.name): \(e.words)")
        }
        // A code no file, folder or device of a rider gives is named, for whoever reports it.
        #expect(Errno(rawValue: ECHILD).words == "the system refused it (ECHILD)")
        #expect(Errno(rawValue: 4095).words == "the system refused it (errno 4095)")
    }
}

extension ErrnoWordsTests {
    @Test("A refusal's advice follows the call: a read may not read, a write may not write, a start may not run")
    func aRefusalsAdviceFollowsTheAccess() {
        #expect(SystemError("open", "x.gpx", .accessDenied, access: .read).description
                == "cannot open x.gpx: permission denied: check that you may read it (owner and mode)")
        #expect(SystemError("create", "out.gpx", .accessDenied).description
                == "cannot create out.gpx: permission denied: check that you may write there (owner and mode)")
        #expect(SystemError("start", "/usr/bin/gpsbabel", .accessDenied, access: .run).description
                == "cannot start /usr/bin/gpsbabel: permission denied: check that it is a program you may run (owner and mode)")
    }
}
