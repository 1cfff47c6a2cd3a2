// swift-tools-version:6.0
import PackageDescription

// No module of the binary imports _StringProcessing, which Swift imports implicitly: one call into it links
// in its code and _RegexParser's, 1.3 MB of the stripped binary and about 0.5 MiB of a ride's resident set
// (docs/BENCHMARKS.md, "A binary without _StringProcessing"). Substring search is RoamCore's `UTF8Search`;
// the tests may still use it.
let withoutStringProcessing: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]

// Dependencies point inward (docs/DESIGN.md §2): RoamCore is pure; RoamStore, RoamHardware and
// RoamImport (zlib) are the only Swift targets that import C; the executable only parses and calls.
let package = Package(
    name: "roam-board",
    products: [
        .executable(name: "roam-board", targets: ["RoamBoardCLI"]),
        .executable(name: "roam-perf", targets: ["RoamPerf"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // deflate for the ride row's JSON columns, so the row committed with every batch fits one page;
        // inflate for the gzip-compressed rides `import` reads (a Strava export's .fit.gz and .tcx.gz).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "CShims",
            path: "CShims",
            cSettings: [.define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("gpiod"), .linkedLibrary("i2c")]
        ),
        // The floor every other module stands on: errno, EINTR, clocks, threads, durable files,
        // child processes, straight on libc (no Foundation, so no ICU in the binary).
        .target(name: "RoamSystem", swiftSettings: withoutStringProcessing),
        .target(name: "RoamCore", swiftSettings: withoutStringProcessing),
        .target(name: "RoamStore", dependencies: ["RoamCore", "CSQLite", "CZlib", "RoamSystem"], swiftSettings: withoutStringProcessing),
        // The port protocols (serial line, I2C bus, digital input and output) and their error: what a
        // driver needs and what a fake implements, apart from Linux and the C shims.
        .target(name: "RoamPorts", dependencies: ["RoamSystem"], swiftSettings: withoutStringProcessing),
        .target(name: "RoamHardware", dependencies: ["RoamCore", "CShims", "RoamSystem", "RoamPorts"], swiftSettings: withoutStringProcessing),
        // The simulated board: fakes that speak the real protocols, the simulated ride, replays.
        .target(name: "RoamSimulator", dependencies: ["RoamCore", "RoamPorts", "RoamSystem", "RoamGPX"], swiftSettings: withoutStringProcessing),
        // The GPX track reader, shared by replays (RoamSimulator) and the import, which must not need the simulator.
        .target(name: "RoamGPX", dependencies: ["RoamCore"], swiftSettings: withoutStringProcessing),
        // Past rides from other devices into the store (`import`): GPX read here, FIT and TCX through GPSBabel, each plain or gzip-compressed.
        .target(name: "RoamImport", dependencies: ["RoamCore", "RoamStore", "RoamSystem", "RoamGPX", "CZlib"], swiftSettings: withoutStringProcessing),
        // The pages' JavaScript and CSS are compiled into the module (`PackageResources`), so the installed
        // binary needs no resource bundle beside it.
        .target(
            name: "RoamExport",
            dependencies: ["RoamCore"],
            resources: [
                .embedInCode("Scripts/playback-core.js"), .embedInCode("Scripts/playback-ui.js"), .embedInCode("Scripts/explored.js"),
                .embedInCode("Scripts/base-map.js"), .embedInCode("Scripts/ride-map.js"),
                .embedInCode("Scripts/explored-map.js"), .embedInCode("Scripts/explored-tiles.js"), .embedInCode("Scripts/units.js"),
                .embedInCode("Scripts/history.js"), .embedInCode("Styles/map.css"), .embedInCode("Styles/history.css"),
                .embedInCode("Styles/ride-page.css"), .embedInCode("Styles/playback.css"), .embedInCode("Styles/explored.css"),
            ],
            swiftSettings: withoutStringProcessing
        ),
        .target(name: "RoamRecorder", dependencies: ["RoamCore", "RoamStore", "RoamHardware", "RoamPorts", "RoamSystem"], swiftSettings: withoutStringProcessing),
        // From a board profile to its devices, real or simulated, and the session that records with them.
        .target(name: "RoamRig", dependencies: ["RoamCore", "RoamStore", "RoamHardware", "RoamPorts", "RoamSimulator", "RoamRecorder", "RoamSystem", "RoamGPX"], swiftSettings: withoutStringProcessing),
        // The benchmarks behind the bench-* commands and roam-perf.
        .target(name: "RoamBenchmarks", dependencies: ["RoamCore", "RoamSimulator", "RoamSystem", "RoamStore", "RoamRecorder"], swiftSettings: withoutStringProcessing),
        // The board as a USB drive for the hand-over without a shell: FAT image via dosfstools/mtools,
        // configfs gadget, the keeper that rebuilds the image while no host has it.
        .target(name: "RoamDrive", dependencies: ["RoamCore", "RoamStore", "RoamSystem", "RoamPorts"], swiftSettings: withoutStringProcessing),
        // The hand-over use case: a stored ride to the bytes of its formats and the files that hold them, for dump,
        // view, the benchmarks and the drive (whose keeper in RoamDrive writes through DriveRideFiles here).
        .target(name: "RoamHandover", dependencies: ["RoamCore", "RoamStore", "RoamExport", "RoamSystem", "RoamDrive"], swiftSettings: withoutStringProcessing),
        // The pure argument parser and help generator, a library so FuzzCommandLine can link it.
        .target(name: "RoamCommandLine", swiftSettings: withoutStringProcessing),
        .executableTarget(
            name: "RoamBoardCLI",
            dependencies: [
                "RoamCore", "RoamStore", "RoamHardware", "RoamSimulator", "RoamBenchmarks", "RoamExport", "RoamRecorder", "RoamRig",
                "RoamCommandLine", "RoamDrive", "RoamSystem", "RoamHandover", "RoamImport",
            ],
            swiftSettings: withoutStringProcessing
        ),
        // Parser throughput beside gpsdecode and the CPU-per-epoch workload (scripts/bench-parser, scripts/bench-cpu).
        .executableTarget(name: "RoamPerf", dependencies: ["RoamCore", "RoamBenchmarks", "RoamCommandLine", "RoamSystem"], swiftSettings: withoutStringProcessing),
        // libFuzzer targets (scripts/fuzz): one file each defining LLVMFuzzerTestOneInput; in a normal
        // build they are executables that do nothing.
        .executableTarget(name: "FuzzNMEA", dependencies: ["RoamCore"], swiftSettings: withoutStringProcessing),
        .executableTarget(name: "FuzzBoardProfile", dependencies: ["RoamCore"], swiftSettings: withoutStringProcessing),
        .executableTarget(name: "FuzzCommandLine", dependencies: ["RoamCommandLine"], swiftSettings: withoutStringProcessing),
        // Helpers several test targets share (outside tools' conditions, tools run as root, a storage filled to the last byte); no product links it.
        .target(name: "RoamTestSupport", path: "Tests/RoamTestSupport"),
        .testTarget(name: "RoamSystemTests", dependencies: ["RoamSystem"]),
        .testTarget(name: "RoamCoreTests", dependencies: ["RoamCore"]),
        .testTarget(name: "RoamStoreTests", dependencies: ["RoamStore", "RoamCore", "RoamSystem", "RoamSimulator", "RoamTestSupport"]),
        .testTarget(name: "RoamHardwareTests", dependencies: ["RoamHardware", "RoamSimulator", "CShims", "RoamSystem", "RoamPorts", "RoamRig"]),
        .testTarget(name: "RoamSimulatorTests", dependencies: ["RoamSimulator", "RoamCore", "RoamSystem", "RoamPorts"]),
        .testTarget(name: "RoamBenchmarksTests", dependencies: ["RoamBenchmarks", "RoamSimulator", "RoamCore", "RoamSystem", "RoamTestSupport"]),
        .testTarget(name: "RoamExportTests", dependencies: ["RoamExport", "RoamCore", "RoamSimulator"]),
        .testTarget(name: "RoamCommandLineTests", dependencies: ["RoamCommandLine"]),
        .testTarget(name: "RoamRecorderTests", dependencies: ["RoamRecorder", "RoamStore", "RoamSimulator", "RoamCore", "RoamSystem", "RoamPorts", "RoamRig", "RoamHardware", "RoamTestSupport"]),
        .testTarget(name: "RoamDriveTests", dependencies: ["RoamDrive", "RoamSystem", "RoamPorts", "RoamTestSupport"]),
        .testTarget(name: "RoamImportTests", dependencies: ["RoamImport", "RoamGPX", "RoamStore", "RoamCore", "RoamSystem"]),
        .testTarget(name: "RoamRigTests", dependencies: ["RoamRig", "RoamRecorder", "RoamHardware", "RoamCore", "RoamSimulator", "RoamStore", "RoamSystem", "RoamPorts", "RoamTestSupport"]),
        // Depends on the executable so `swift test` builds roam-board before the end-to-end tests spawn it.
        .testTarget(name: "RoamBoardCLITests", dependencies: ["RoamBoardCLI", "RoamBenchmarks", "RoamStore", "RoamCore", "RoamDrive", "RoamSimulator", "RoamSystem", "RoamPorts",
                                                     "RoamRecorder", "RoamRig", "RoamHardware", "RoamTestSupport", "RoamHandover"]),
    ]
)
