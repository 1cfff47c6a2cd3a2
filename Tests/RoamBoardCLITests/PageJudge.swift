import Foundation
import Testing

/// What real headless Chromium saw of one of our pages (Tests/Judges/page_judge.py over the
/// DevTools protocol): console lines, uncaught exceptions, requests off the file, and the values
/// of the steps' expressions in order.
struct PageVerdict {
    var loadMs: Double
    var console: [(level: String, text: String)]
    var exceptions: [String]
    var requests: [String]
    var results: [Any]

    /// Console errors and uncaught exceptions: a page we ship has none.
    var errors: [String] {
        exceptions + console.filter { $0.level == "error" || $0.level == "assert" }.map(\.text)
    }
}

/// One step of a page judge script; see Tests/Judges/page_judge.py for what each does.
enum PageStep {
    case viewport(Int, Int)
    case eval(String)
    /// A PNG of the viewport, named so in this run's screenshot folder (PageJudge.shots).
    case screenshot(String)
    case mouse(Double, Double)
    case click(Double, Double)
    case wheel(Double, Double, Double)
    case touch(Double, Double)
    case wait(ms: Int)

    func json(shots: URL) -> [String: Any] {
        switch self {
        case .viewport(let w, let h): return ["viewport": [w, h]]
        case .eval(let js): return ["eval": js]
        case .screenshot(let name): return ["screenshot": shots.appendingPathComponent(name).path]
        case .mouse(let x, let y): return ["mouse": [x, y]]
        case .click(let x, let y): return ["click": [x, y]]
        case .wheel(let x, let y, let dy): return ["wheel": [x, y, dy]]
        case .touch(let x, let y): return ["touch": [x, y]]
        case .wait(let ms): return ["wait_ms": ms]
        }
    }
}

enum PageJudge {
    /// Chromium is installed by ./scripts/test; without it (or ROAM_PYTHON) the page tests skip, or
    /// fail under ROAM_JUDGES=required (scripts/test's native run).
    static let isAvailable: Bool = Judge.isAvailable && ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .contains { FileManager.default.isExecutableFile(atPath: $0) }
    static let skipReason: Comment = "headless Chromium or ROAM_PYTHON missing: run ./scripts/test, which installs Debian's chromium and the judges' venv"

    /// This test process's screenshot folder, for a person to look at (its path is printed once):
    /// made by the first run that asks for it, so no test depends on another having made it.
    private static let shotsFolder = Result<URL, any Error> {
        let dir = try CLIRunner.temporaryDirectory()
        print("page screenshots of this run: \(dir.path)")
        return dir
    }

    static func run(page: URL, steps: [PageStep]) throws -> PageVerdict {
        let shots = try shotsFolder.get()
        let scriptURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("page-steps-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scriptURL) }
        try JSONSerialization.data(withJSONObject: steps.map { $0.json(shots: shots) }).write(to: scriptURL)
        guard let out = try Judge.run("page_judge.py", [page.path, scriptURL.path]) as? [String: Any] else {
            throw JudgeFailure(description: "page_judge.py printed something other than an object")
        }
        let console = (out["console"] as? [[String: Any]] ?? []).map {
            (level: $0["level"] as? String ?? "", text: $0["text"] as? String ?? "")
        }
        return PageVerdict(loadMs: out["load_ms"] as? Double ?? -1, console: console,
                           exceptions: out["exceptions"] as? [String] ?? [],
                           requests: out["requests"] as? [String] ?? [],
                           results: out["results"] as? [Any] ?? [])
    }
}
