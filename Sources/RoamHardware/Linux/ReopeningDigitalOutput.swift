import RoamPorts
/// An output line whose chip may appear after the recorder started (a GPIO driver loaded late):
/// each `setLevel` opens it if needed, and throws the open's error while it is missing, so the LED
/// thread's retry every 2 s is also the line's. Once open it is kept.
public final class ReopeningDigitalOutput: DigitalOutput {
    public let device: String
    private let open: () throws(DeviceError) -> any DigitalOutput
    private var line: (any DigitalOutput)?

    /// `open` requests the line (`GPIOLine.output` on a board; a fake in tests). Not called here:
    /// the caller has just seen it fail.
    public init(device: String, open: @escaping () throws(DeviceError) -> any DigitalOutput) {
        self.device = device
        self.open = open
    }

    public var isOpen: Bool { line != nil }

    public func setLevel(_ high: Bool) throws(DeviceError) {
        if line == nil { line = try open() }
        try line?.setLevel(high)
    }
}
