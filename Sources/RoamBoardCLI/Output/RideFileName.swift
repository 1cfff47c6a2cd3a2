import RoamCore
import RoamExport

/// The file name `dump --out DIR` gives a ride: its UTC start in ISO 8601 basic form, then its id,
/// e.g. `20260614T073000Z-ride-3.fit`. No colons, so FAT sticks and Windows accept it; names sort
/// by start time.
enum RideFileName {
    static func name(rideID: Int64, startedUTCms: Int64?, format: ExportFormat) -> String {
        guard let start = startedUTCms else { return "ride-\(rideID).\(format.fileExtension)" }
        // 2026-06-14T07:30:00.000Z -> 20260614T073000Z
        let iso = CivilDate.iso8601(utcMs: start)
        let basic = iso.prefix(19).filter { $0 != "-" && $0 != ":" }
        return "\(basic)Z-ride-\(rideID).\(format.fileExtension)"
    }
}
