/// A byte source that can be opened again after it failed: a receiver whose USB cable was pulled
/// comes back under the same device path. The sensor thread decides when (backoff); this only opens.
public protocol ReopenableByteSource: ByteSource {
    /// Closes whatever is left of the old device and opens it again; throws while it is still gone.
    func reopen() throws(DeviceError)
}
