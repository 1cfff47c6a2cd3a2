import Foundation
import Testing

/// scripts/test-parts, the runner CI's suites go through, over a stand-in for the test bundle (a
/// shell script that answers each part's arguments as swift-testing would print). A stuck part must
/// end the run within its limit, saying what it was doing, and leave no process behind: a submission
/// once ran past CI's own limit with nothing said after the native suite.
@Suite struct TestPartsScriptTests {
    /// The stand-in: every part passes one test; when `stuck`, the A-D part and the other targets' part
    /// then start "a stuck test" and wait forever with a child in a process group of its own (two
    /// parts stopped at the same moment: one may end while the other's output is printed). Every
    /// process it starts writes its pid to `pids`.
    static func standIn(in dir: URL, stuck: Bool) throws -> URL {
        let script = dir.appendingPathComponent("bundle")
        let stuckPart = stuck ? """
            echo '◇ Test "a stuck test" started.'
            # In a process group of its own, as Foundation starts a test's children: out of reach of a
            # kill of the part's group, found only by its parent.
            set -m; sleep 86400 & echo $! >> "$PIDS"; set +m
            wait
            """ : "exit 0"
        try """
            #!/bin/bash
            echo $$ >> "$PIDS"
            echo '◇ Test quick() started.'
            echo '✔ Test quick() passed after 0.001 seconds.'
            case "$*" in
            *'--filter RoamBoardCLITests\\.[A-D]'* | *'--skip RoamBoardCLITests\\.')
            \(stuckPart)
            ;;
            esac
            """.write(to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o755) == 0)
        return script
    }

    /// Runs scripts/test-parts over `bundle`, then names on standard error ("left running: PID ARGS")
    /// and kills every process still running that the stand-in started (listed in `pids`) or whose
    /// command line names it (the parts' watchers are subshells of test-parts, given its path).
    /// Killed here, not waited for: Foundation learns that a child ended when every process that
    /// inherited its exit-watch socket has, so one left behind would hold this test to its end.
    static func run(_ bundle: URL, pids: URL, limit: String) throws -> CLIRunner.Result {
        // test-parts itself is given 300 s: with a watcher or a stuck part left behind it would
        // never end (Foundation waits for every holder of its child's exit-watch socket).
        let script = """
            timeout -k 5 300 "$1" "$2"; status=$?
            started=" $(tr '\\n' ' ' < "$PIDS" 2> /dev/null) "
            for f in /proc/[0-9]*/cmdline; do
                p=${f#/proc/}; p=${p%/cmdline}
                [ "$p" = $$ ] && continue
                # Builtins only, per process: forks for each of a loaded machine's processes took minutes.
                mapfile -d '' argv < "$f" 2> /dev/null || continue
                args="${argv[*]}"
                [[ "$started" == *" $p "* || "$args" == *"$2"* ]] || continue
                # One killed with its part a moment ago may still be on its way out: 5 s to go.
                for _ in $(seq 50); do [ "$(sed 's/.*) //' "/proc/$p/stat" 2> /dev/null | cut -c1)" = S ] || [ "$(sed 's/.*) //' "/proc/$p/stat" 2> /dev/null | cut -c1)" = R ] || break; sleep 0.1; done
                state=$(sed 's/.*) //' "/proc/$p/stat" 2> /dev/null | cut -c1)
                [ -n "$state" ] && [ "$state" != Z ] || continue
                echo "left running: $p $args" >&2; kill -KILL "$p"
            done
            exit $status
            """
        return try CLIRunner.run(["-c", script, "_", CLIRunner.repoRoot.appendingPathComponent("scripts/test-parts").path, bundle.path],
                                 environment: ["PIDS": pids.path, "ROAM_PART_LIMIT_S": limit],
                                 executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func aStuckPartIsStoppedAtItsLimitSayingWhichTestsHadNotEndedAndLeavesNoProcess() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pids = dir.appendingPathComponent("pids")
        let bundle = try Self.standIn(in: dir, stuck: true)
        let run = try Self.run(bundle, pids: pids, limit: "10")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("its threads (id, name, state, waiting in):"), "\(run.stdout)")
        for part in ["command-line suites A-D", "every other test target"] {
            #expect(run.stdout.contains("test-parts: \(part) was still running after 10 s (ROAM_PART_LIMIT_S) and was killed with its processes."),
                    "\(run.stdout)")
            #expect(run.stderr.contains("test-parts: \(part) FAILED"), "\(run.stderr)")
        }
        let reports = run.stdout.components(separatedBy: "test-parts: the tests it started and never ended:\n").dropFirst()
        let named = reports.map { $0.split(separator: "\n").prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(named == [["\"a stuck test\""], ["\"a stuck test\""]], "\(run.stdout)")
        #expect(run.stdout.contains("test-parts: command-line suites E-Z and the rest ended after"), "\(run.stdout)")
        #expect(!run.stdout.contains("test-parts: command-line suites E-Z and the rest was still running"), "\(run.stdout)")
        #expect(!run.stdout.contains("all three parts passed"), "\(run.stdout)")
        // Three parts and the stuck parts' own children: all gone, each child killed with its part.
        let started = try String(contentsOf: pids, encoding: .utf8).split(separator: "\n")
        #expect(started.count == 5, "\(started)")
        #expect(!run.stderr.contains("left running:"), "\(run.stderr)")
    }

    @Test func partsThatEndInTimeLeaveNoWatcherBehind() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pids = dir.appendingPathComponent("pids")
        let bundle = try Self.standIn(in: dir, stuck: false)
        // A limit far longer than the run: a watcher left behind would still be waiting it out.
        let limit = "86400"
        let run = try Self.run(bundle, pids: pids, limit: limit)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("test-parts: all three parts passed in"), "\(run.stdout)")
        #expect(!run.stdout.contains("was still running"), "\(run.stdout)")
        #expect(!run.stderr.contains("left running:"), "a part or a watcher was left running: \(run.stderr)")
    }

    @Test func aLimitThatIsNotANumberIsAUsageError() throws {
        let run = try CLIRunner.run([CLIRunner.repoRoot.appendingPathComponent("scripts/test-parts").path, "/bin/true"],
                                    environment: ["ROAM_PART_LIMIT_S": "20m"], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.status == 64 && run.stderr.contains("ROAM_PART_LIMIT_S must be a number of seconds, not '20m'"), "\(run.stderr)")
    }
}
