import RoamCore
import RoamSimulator

/// The bench ride ridden again and again with the clock running on: lap k starts the second after
/// lap k-1 ended and has its own noise (seed k+1), so a long input never repeats a UTC time (which
/// the pipeline would flag) and never repeats bytes. Each lap starts back at the route's start:
/// one spatial jump per lap of about 2,200 epochs.
public struct RideLaps: IteratorProtocol, Sequence, Sendable {
    private let route: SimulatedRoute
    private var lap = 0
    private var startUTCms: Int64
    private var current: [SimulatedSecond] = []
    private var index = 0

    public init(route: SimulatedRoute = .standard, startUTCms: Int64 = RideSimulation.defaultStartUTCms) {
        self.route = route
        self.startUTCms = startUTCms
    }

    /// The next second of riding; the sequence never ends.
    public mutating func next() -> SimulatedSecond? {
        if index == current.count {
            current = RideSimulation(route: route, seed: UInt64(lap + 1), startUTCms: startUTCms).seconds
            startUTCms += Int64(current.count) * 1000
            lap += 1
            index = 0
        }
        defer { index += 1 }
        return current[index]
    }
}
