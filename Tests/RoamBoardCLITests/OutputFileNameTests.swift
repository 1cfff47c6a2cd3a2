import Foundation
import Testing

/// Files were written beside their name as `<name>.partial` and moved over it; a failure once named
/// that `.partial` file, which the rider never asked for. Every command that writes a file names
/// the file asked for.
@Suite struct OutputFileNameTests {
    /// /proc refuses any new name: the file cannot even be made.
    @Test func aFileThatCannotBeMadeIsTheOneAskedFor() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let runs = [["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", "/proc/x.gpx"],
                    ["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "-o", "/proc/x.html"],
                    ["view", "--explored", "--db", f.dbPath, "-o", "/proc/x.html"],
                    ["view", "--history", "--db", f.dbPath, "-o", "/proc/x.html"]]
        for args in runs {
            let r = try CLIRunner.run(args)
            #expect(r.status == 74, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("cannot create \(args.last!): cannot write there"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains(".partial"), "\(args): \(r.stderr)")
        }
    }

    /// A folder where the file goes (with --force) is refused before anything is written, naming the page.
    @Test func aFileThatCannotBeMovedIntoPlaceIsTheOneAskedFor() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let page = f.directory.appendingPathComponent("explored.html")
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: false)
        let r = try CLIRunner.run(["view", "--explored", "--db", f.dbPath, "-o", f.directory.path + "/", "--force"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(page.path): it is a folder"), "\(r.stderr)")
        #expect(!r.stderr.contains(".partial"), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: f.directory.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
    }

    /// drive-image works beside its image (FILE.staging, FILE.next): a folder that takes no file
    /// once got "cannot create the staging folder FILE.staging/Rides: check that its folder is writable".
    @Test func aDriveImageThatCannotBeMadeIsTheOneAskedFor() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let r = try CLIRunner.run(["drive-image", "--db", f.dbPath, "--image", "/proc/x.img"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot build the drive image /proc/x.img: cannot create its working folder in /proc: cannot write there"),
                "\(r.stderr)")
        #expect(!r.stderr.contains(".staging"), "\(r.stderr)")
    }

    /// `dump -o afile/x/` said "cannot create the output folder afile/x/: it exists already".
    @Test("an output folder under a file names that file as a file, not a folder")
    func aFileWhereAFolderBelongsIsNamed() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent("afile")
        try Data().write(to: file)
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", file.path + "/x/"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot create the output folder \(file.path)/x/: \(file.path) is a file, not a folder"), "\(r.stderr)")
    }
}
