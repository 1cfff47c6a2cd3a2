/// A line we drive: the LED's GPIO line (`GPIOLine`) or, on the bench and in tests, `RecordingLED`.
public protocol DigitalOutput: AnyObject {
    /// "/dev/gpiochip0 line 27", for errors.
    var device: String { get }

    /// Drives the line high (true) or low.
    func setLevel(_ high: Bool) throws(DeviceError)

    /// Whether the line is open now: false only for an output that opens late (`ReopeningDigitalOutput`),
    /// whose line was absent at start and is not driven yet.
    var isOpen: Bool { get }
}

extension DigitalOutput {
    public var isOpen: Bool { true }
}
