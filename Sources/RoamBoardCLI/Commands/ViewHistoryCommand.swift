import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board view --history [-o FILE.html|DIR/|-]`: every ride on one self-contained page
/// (`HistoryPage`): totals per ISO week, month and year, a calendar of ride days, and each ride
/// linking to its page by the name `view --ride N -o DIR/` gives it, so a folder of both works.
enum ViewHistoryCommand {
    static let pageName = "history.html"

    /// Runs the history page when `--history` is given and says so.
    static func runIfAsked(_ p: ParsedArguments) throws -> Bool {
        typealias Options = ViewCommand.Options
        guard p.value(Options.history) else { return false }
        if p.value(Options.explored) {
            throw UsageError(command: "view", message: "--history and --explored are two pages: give one")
        }
        for option in [Options.ride.spec, Options.speedBands.spec, Options.tiles.spec] where p.isGiven(option) {
            throw UsageError(command: "view", message: "\(option.name) is for a ride's page or the explored map; the history page has no map: drop it")
        }
        try run(p)
        return true
    }

    static func run(_ p: ParsedArguments) throws {
        let (reader, time) = try BoardLoader.reader(p)
        let target = try OutputTarget.resolve(p.value(ViewCommand.Options.out), extension: "html", command: "view")
        let html = try HistoryPageBuild.html(try reader.rides(), reader: reader, zone: time.pageZone, source: reader.path,
                                             units: try BoardLoader.units(p)) { ride, span in
            RideFileName.name(rideID: ride.id, startedUTCms: span.startUTCms, extension: "html", time: time)
        }
        if let path = try PageOutput.write(html, to: target, nameInFolder: pageName, force: p.value(ViewCommand.Options.force)) { print(path) }
    }
}
