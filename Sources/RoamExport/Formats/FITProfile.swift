import RoamCore

/// The slice of the FIT global profile an activity file needs: message numbers, field numbers with
/// their base types, enum values, and the unit conversions (scale and offset) of the profile.
enum FITProfile {
    // Local message types, one per global message this writer emits.
    static let fileID = FITMessageDefinition(localType: 0, globalNumber: 0, fields: [
        (0, .enumeration),  // type: 4 = activity
        (1, .uint16),       // manufacturer: 255 = development
        (2, .uint16),       // product
        (3, .uint32z),      // serial_number
        (4, .uint32),       // time_created
    ])

    static let event = FITMessageDefinition(localType: 1, globalNumber: 21, fields: [
        (253, .uint32),     // timestamp
        (0, .enumeration),  // event: 0 = timer
        (1, .enumeration),  // event_type: 0 = start, 4 = stop_all
        (3, .uint32),       // data: timer_trigger (0 = manual, 1 = auto)
        (4, .uint8),        // event_group
    ])

    static let record = FITMessageDefinition(localType: 2, globalNumber: 20, fields: [
        (253, .uint32),     // timestamp
        (0, .sint32),       // position_lat, semicircles
        (1, .sint32),       // position_long, semicircles
        (78, .uint32),      // enhanced_altitude, scale 5, offset 500
        (73, .uint32),      // enhanced_speed, scale 1000
        (5, .uint32),       // distance, scale 100
        (13, .sint8),       // temperature, °C
    ])

    static let lap = FITMessageDefinition(localType: 3, globalNumber: 19, fields: [
        (254, .uint16), (253, .uint32),                  // message_index, timestamp
        (0, .enumeration), (1, .enumeration),            // event = lap (9), event_type = stop (1)
        (2, .uint32),                                    // start_time
        (3, .sint32), (4, .sint32), (5, .sint32), (6, .sint32), // start and end position
        (7, .uint32), (8, .uint32), (9, .uint32),        // total elapsed, timer (s ×1000), distance (m ×100)
        (21, .uint16), (22, .uint16),                    // total ascent, descent (m)
        (110, .uint32), (111, .uint32),                  // enhanced avg and max speed (m/s ×1000)
        (24, .enumeration), (25, .enumeration), (39, .enumeration), // lap_trigger, sport, sub_sport
    ])

    static let session = FITMessageDefinition(localType: 4, globalNumber: 18, fields: [
        (254, .uint16), (253, .uint32),                  // message_index, timestamp
        (0, .enumeration), (1, .enumeration),            // event = session (8), event_type = stop (1)
        (2, .uint32),                                    // start_time
        (3, .sint32), (4, .sint32), (38, .sint32), (39, .sint32), // start and end position
        (5, .enumeration), (6, .enumeration),            // sport, sub_sport
        (7, .uint32), (8, .uint32), (9, .uint32),        // total elapsed, timer, distance
        (22, .uint16), (23, .uint16),                    // total ascent, descent
        (124, .uint32), (125, .uint32),                  // enhanced avg and max speed
        (127, .uint32), (128, .uint32),                  // enhanced min and max altitude
        (57, .sint8), (58, .sint8),                      // avg and max temperature
        (25, .uint16), (26, .uint16), (28, .enumeration), // first_lap_index, num_laps, trigger
    ])

    /// Who wrote the file: importers show it instead of a bare "development" file.
    static let fileCreator = FITMessageDefinition(localType: 6, globalNumber: 49, fields: [
        (0, .uint16),       // software_version, ×100
        (1, .uint8),        // hardware_version
    ])

    /// The recorder itself (device_index 0, the creator) and, where one measured the ride, its
    /// barometric altimeter, so an importer knows the altitude and climb are barometric.
    static let deviceInfo = FITMessageDefinition(localType: 7, globalNumber: 23, fields: [
        (253, .uint32),     // timestamp
        (0, .uint8),        // device_index: 0 = creator
        (1, .uint8),        // device_type: with source_type local, local_device_type (4 = barometer)
        (2, .uint16),       // manufacturer
        (4, .uint16),       // product
        (5, .uint16),       // software_version, ×100
        (25, .enumeration), // source_type: 5 = local
    ])

    static let activity = FITMessageDefinition(localType: 5, globalNumber: 34, fields: [
        (253, .uint32), (0, .uint32), (1, .uint16),      // timestamp, total_timer_time, num_sessions
        (2, .enumeration), (3, .enumeration), (4, .enumeration), // type = manual, event = activity (26), stop
    ])

    enum Event { static let timer: Int64 = 0, session: Int64 = 8, lap: Int64 = 9, activity: Int64 = 26 }
    enum EventType { static let start: Int64 = 0, stop: Int64 = 1, stopAll: Int64 = 4 }
    enum TimerTrigger { static let manual: Int64 = 0, auto: Int64 = 1 }
    static let fileTypeActivity: Int64 = 4
    static let manufacturerDevelopment: Int64 = 255
    /// roam-board 0.1.0 as FIT's software_version (×100).
    static let softwareVersion: Int64 = 10
    static let sourceTypeLocal: Int64 = 5
    static let localDeviceBarometer: Int64 = 4
    static let sportCycling: Int64 = 2
    static let subSportGeneric: Int64 = 0
    static let lapTriggerSessionEnd: Int64 = 7
    static let sessionTriggerActivityEnd: Int64 = 0

    /// Seconds between the Unix epoch and the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffsetS: Int64 = 631_065_600

    /// FIT date_time: whole seconds since the FIT epoch (sub-second parts are dropped, as devices do;
    /// so `FITWriter` writes one record per second).
    static func timestamp(utcMs: Int64) -> Int64 {
        let s = utcMs >= 0 ? utcMs / 1000 : (utcMs - 999) / 1000
        return s - epochOffsetS
    }

    /// Degrees to semicircles (2^31 per 180°); +180° wraps to -180°, the same meridian
    /// (`Longitude.wrapped`). A value out of range is left to the field's clamp: no wrap hides it.
    static func semicircles(_ degrees: Double) -> Int64 {
        let s = Int64((degrees * (2_147_483_648.0 / 180.0)).rounded())
        return abs(s) <= 2_147_483_648 ? Longitude.wrapped(s, turn: 4_294_967_296) : s
    }

    static func scaled(_ value: Double?, scale: Double, offset: Double = 0) -> Int64? {
        guard let value, value.isFinite else { return nil }
        return Int64(((value + offset) * scale).rounded())
    }
}
