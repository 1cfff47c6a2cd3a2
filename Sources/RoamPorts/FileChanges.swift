import RoamSystem

/// Tells a waiting thread that some files changed, so it looks at them when they do rather than
/// on a timer. The descriptor becomes readable (POLLIN) when anything was noted; `drain` takes
/// every note queued so far, so a burst of writes costs one look, not one per write.
public protocol FileChanges: AnyObject {
    /// Poll it for POLLIN alongside the caller's other descriptors.
    var descriptor: Int32 { get }
    /// Takes every queued note; true when one concerns a file followed (or notes were lost: the
    /// caller must look then, as it cannot tell what changed).
    func drain() -> Bool
    /// False while what is watched is gone (its folder removed or renamed): nothing is noted then,
    /// and the caller looks as if unwatched until `rewatch` finds it back.
    var isWatching: Bool { get }
    /// Watches again what came back, or what the kernel refused; true when it did (what changed
    /// meanwhile was noted by nothing: look).
    func rewatch() -> Bool
    /// What the kernel refused to watch at a re-arm (a limit reached): a file whose writes nothing notes,
    /// so the caller looks every second and calls `rewatch` until it takes. Nil when whole.
    var refusal: SystemError? { get }
}

extension FileChanges {
    /// A watch that cannot go blind.
    public var isWatching: Bool { true }
    public func rewatch() -> Bool { false }
    public var refusal: SystemError? { nil }
}
