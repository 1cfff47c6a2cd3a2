/// Tells a waiting thread that some files changed, so it looks at them when they do rather than
/// on a timer. The descriptor becomes readable (POLLIN) when anything was noted; `drain` takes
/// every note queued so far, so a burst of writes costs one look, not one per write.
public protocol FileChanges: AnyObject {
    /// Poll it for POLLIN alongside the caller's other descriptors.
    var descriptor: Int32 { get }
    /// Takes every queued note; true when one concerns a file followed (or notes were lost: the
    /// caller must look then, as it cannot tell what changed).
    func drain() -> Bool
}
