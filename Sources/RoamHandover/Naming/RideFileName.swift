import RoamCore
import RoamExport

/// The file name `--out DIR` gives a ride: its start in ISO 8601 basic form in the board's zone
/// (UTC without one), then its id, e.g. `20260614T093000+0200-ride-3.fit`. Names sort by start.
public enum RideFileName {
    public static func name(rideID: Int64, startedUTCms: Int64?, extension ext: String, time: LocalTime = LocalTime(zone: nil)) -> String {
        guard let start = startedUTCms else { return "ride-\(rideID).\(ext)" }
        return "\(time.fileStamp(utcMs: start))-ride-\(rideID).\(ext)"
    }

    public static func name(rideID: Int64, startedUTCms: Int64?, format: ExportFormat, time: LocalTime = LocalTime(zone: nil)) -> String {
        name(rideID: rideID, startedUTCms: startedUTCms, extension: format.fileExtension, time: time)
    }
}
