/// Something bytes arrive from with a timeout (a UART, in tests a pseudo-terminal).
public protocol ByteSource: AnyObject {
    var device: String { get }
    /// Reads up to `buffer.count` bytes, waiting at most `timeoutMs`.
    /// Returns the count read, 0 on timeout; throws when the device failed or went away.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMs: Int32) throws(DeviceError) -> Int
}
