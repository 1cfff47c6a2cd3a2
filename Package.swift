// swift-tools-version:6.0
import PackageDescription

// Dependencies point inward (DESIGN.md §2): RoamCore is pure; RoamStore and RoamHardware
// are the only Swift targets that import C; the executable only parses and calls.
let package = Package(
    name: "roam-board",
    products: [
        .executable(name: "roam-board", targets: ["RoamBoardCLI"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "CShims",
            path: "CShims",
            cSettings: [.define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("gpiod"), .linkedLibrary("i2c")]
        ),
        .target(name: "RoamCore"),
        .target(name: "RoamStore", dependencies: ["RoamCore", "CSQLite"]),
        .target(name: "RoamHardware", dependencies: ["RoamCore", "CShims"]),
        .target(name: "RoamBench", dependencies: ["RoamCore", "RoamHardware"]),
        .target(name: "RoamExport", dependencies: ["RoamCore"]),
        .target(name: "RoamRecorder", dependencies: ["RoamCore", "RoamStore", "RoamHardware", "RoamBench"]),
        .executableTarget(
            name: "RoamBoardCLI",
            dependencies: ["RoamCore", "RoamStore", "RoamHardware", "RoamBench", "RoamExport", "RoamRecorder"]
        ),
        .testTarget(name: "RoamCoreTests", dependencies: ["RoamCore"]),
        .testTarget(name: "RoamStoreTests", dependencies: ["RoamStore", "RoamCore"]),
        .testTarget(name: "RoamHardwareTests", dependencies: ["RoamHardware", "RoamBench", "CShims"]),
        .testTarget(name: "RoamBenchTests", dependencies: ["RoamBench", "RoamCore"]),
        .testTarget(name: "RoamExportTests", dependencies: ["RoamExport", "RoamCore"]),
        .testTarget(name: "RoamRecorderTests", dependencies: ["RoamRecorder", "RoamStore", "RoamBench", "RoamCore"]),
        // Depends on the executable so `swift test` builds roam-board before the end-to-end tests spawn it.
        .testTarget(name: "RoamBoardCLITests", dependencies: ["RoamBoardCLI", "RoamStore", "RoamCore"]),
    ]
)
