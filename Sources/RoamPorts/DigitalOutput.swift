/// A line we drive: the LED's GPIO line (`GPIOLine`) or, on the bench and in tests, `RecordingLED`.
public protocol DigitalOutput: AnyObject {
    /// "/dev/gpiochip0 line 27", for errors.
    var device: String { get }

    /// Drives the line high (true) or low.
    func setLevel(_ high: Bool) throws(DeviceError)
}
