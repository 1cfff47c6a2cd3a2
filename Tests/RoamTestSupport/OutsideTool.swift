import Glibc
import Testing

/// Whether a test whose outside tool (a judge, Chromium, Leaflet, the FAT tools, /dev/shm, root)
/// is missing may skip. `scripts/test` installs every one of them for its native run, runs it as
/// root and sets ROAM_JUDGES=required there: a missing one is then a failure that names it, not a
/// quiet skip. Elsewhere (a developer's machine, the Swift 6.0.3 run in a trixie root with no
/// Chromium and no /dev/shm) the test skips saying why.
public enum OutsideTools {
    public static var areRequired: Bool {
        guard let value = getenv("ROAM_JUDGES") else { return false }
        return String(cString: value) == "required"
    }
}

/// What a required outside tool's test fails with: the reason it would have skipped for.
public struct MissingOutsideTool: Error, CustomStringConvertible {
    public let description: String
}

extension Trait where Self == ConditionTrait {
    /// `.enabled(if:)` for a test that needs something outside Swift: skips when `present` is false,
    /// fails instead when ROAM_JUDGES=required.
    public static func needs(_ present: @autoclosure @escaping @Sendable () throws -> Bool,
                             _ what: Comment) -> Self {
        .enabled(what) {
            if try present() { return true }
            guard OutsideTools.areRequired else { return false }
            throw MissingOutsideTool(description: "ROAM_JUDGES=required (scripts/test's native run), but: \(what.rawValue)")
        }
    }
}
