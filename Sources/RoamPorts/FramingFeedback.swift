/// A byte source that watches how its bytes frame (a GNSS receiver notices junk, a wrong baud, and
/// bytes resuming after a silence) without framing them itself: the one reader that frames what it
/// read (the sensor thread's `NMEAStream`) tells it after each read, so every byte is framed once.
/// A reader that does not tell it only leaves the watch idle until the next configuration is due.
public protocol FramingFeedback: AnyObject {
    /// The bytes the last read returned held `sentences` checksummed sentences (0: junk, or only
    /// part of one).
    func lastReadFramed(sentences: Int)
    /// When the source last heard bytes in reads of its own that it returned nothing of (a receiver
    /// being configured listens to the port for seconds and keeps its junk, binary frames and
    /// banners), on the monotonic clock; nil: never. The reader's silence clock counts from then:
    /// bytes were heard, so that is no silence.
    var ownReadHeardNs: UInt64? { get }
}
