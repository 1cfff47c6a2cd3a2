/// How a thread should wait for a port: on its descriptor with poll(), together with a wake pipe
/// and no timer (`WakePipe`), or not at all. Ports that cannot say (test doubles) wait inside
/// their own reads with a timeout.
public enum PortReadiness: Equatable, Sendable {
    /// Poll this descriptor; once it is readable, a read with no timeout does not wait.
    case descriptor(Int32)
    /// A read now does not wait: bytes are buffered, a configuration is due, or the port is closed
    /// and its read fails at once.
    case now
    /// Only a read with a timeout can wait for this port.
    case timedReadsOnly
}

/// A port the recorder's threads wait on with poll() rather than with timed reads.
public protocol PollableSource: AnyObject {
    var readiness: PortReadiness { get }
}
