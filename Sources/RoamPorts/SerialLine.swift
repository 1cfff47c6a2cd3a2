/// A byte source the recorder can also talk to and retune: a UART (`SerialPort`), so the receiver
/// can be configured and its baud looked for.
public protocol SerialLine: ByteSource {
    var baud: Int { get }
    /// Writes every byte; returns once they have been handed to the line.
    func write(_ bytes: [UInt8]) throws(DeviceError)
    /// Changes the host side's baud.
    func setBaud(_ baud: Int) throws(DeviceError)
}
