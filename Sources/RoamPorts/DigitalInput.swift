/// One edge on an input line, as the kernel reports it.
public struct DigitalEdge: Sendable, Equatable, CustomStringConvertible {
    /// When the edge happened, in CLOCK_MONOTONIC nanoseconds, stamped by the kernel in the
    /// interrupt handler: how late the reader wakes up does not move it.
    public var timestampNs: UInt64
    /// Low to high.
    public var isRising: Bool

    public init(timestampNs: UInt64, isRising: Bool) {
        self.timestampNs = timestampNs; self.isRising = isRising
    }

    public var description: String { "\(isRising ? "rising" : "falling")@\(timestampNs)" }
}

/// A line we read and whose edges we wait for: a GPIO line of a gpiochip (`GPIOLine`) or, on
/// the bench and in tests, `FakeButton`. Levels are electrical (true = high); what "pressed"
/// means is the `Button` driver's business (active low or high).
public protocol DigitalInput: AnyObject {
    /// "/dev/gpiochip0 line 17", for errors.
    var device: String { get }

    /// Waits at most `timeoutMs` for the next edge. Returns it, or nil on timeout.
    /// Edges that happened while nobody waited are queued (by the kernel) and come out in order.
    func waitForEdge(timeoutMs: Int32) throws(DeviceError) -> DigitalEdge?

    /// The line's level now.
    func readLevel() throws(DeviceError) -> Bool
}
