import RoamCore

/// A ride's one start and one end: the UTC times of its first and its last fix that carry one,
/// in seq order. Every command and export shows these, so `rides`, `show`, the files and the page
/// agree, and end − start is the elapsed time (which counts every epoch, flagged ones too).
/// The ride row's own columns cannot serve: `started_utc_ms` is the minimum over each batch when
/// it was committed (before a back-fill dated earlier fixes), `ended_utc_ms` the last *accepted* fix.
public struct RideSpan: Equatable, Sendable {
    public var startUTCms: Int64?
    public var endUTCms: Int64?

    public init(startUTCms: Int64?, endUTCms: Int64?) { self.startUTCms = startUTCms; self.endUTCms = endUTCms }
}

extension RideReader {
    /// Two probes of the fix key (first and last dated fix), independent of the ride's length.
    public func span(_ id: Int64) throws -> RideSpan {
        RideSpan(startUTCms: try firstFixUTCms(ride: id), endUTCms: try lastFixUTCms(ride: id))
    }

    public func lastFixUTCms(ride id: Int64) throws -> Int64? { try datedFixUTCms(ride: id, order: "DESC") }
}
