import RoamCore

/// Sessions and batches for the ride session's tables, on `SyntheticRide`'s clock.
enum SessionFixture {
    static let rideID: Int64 = 7

    /// Epochs riding east at `speedMps` for `seconds` from second `from`, as session items.
    static func riding(from: Int, seconds: Int, speedMps: Double, startM: Double = 0) -> [RideSessionItem] {
        (0..<seconds).map { k in
            let s = from + k
            let e = SyntheticRide.epoch(second: s, eastM: startM + Double(k) * speedMps, speedMps: speedMps)
            return .epoch(SyntheticRide.input(e, second: s))
        }
    }

    static func batch(_ items: [RideSessionItem], nowNs: UInt64 = 1_000) -> RideSessionEvent {
        .batch(RideSessionBatch(items: items, nowNs: nowNs))
    }

    /// A session recording a fresh ride (started by a press, opened by the store).
    static func recording(rules: RideSession.Rules = .init()) -> RideSession {
        var session = RideSession(rules: rules)
        _ = session.handle(.press(monoNs: 1))
        _ = session.handle(.rideOpened(rideID: rideID, state: PipelineState(), parameters: rules.parameters))
        return session
    }

    /// The commit among `actions`, if any.
    static func commit(in actions: [RideSessionAction]) -> RideSessionCommit? {
        for case .commit(let c) in actions { return c }
        return nil
    }

    /// The state a ride reaches after riding `seconds` from second 0.
    static func stateAfterRiding(seconds: Int, parameters: PipelineParameters = .init()) -> PipelineState {
        var pipeline = RidePipeline(rideID: rideID, state: PipelineState(), parameters: parameters)
        _ = SyntheticRide.ride(&pipeline, seconds: seconds, speedMps: 5)
        return pipeline.state
    }
}
