/// An input without a descriptor to poll (a test double whose edges are scripted in time) whose
/// wait another thread can end early: the button thread then waits for edges with no timeout and
/// still stops at once.
public protocol WakeableInput: DigitalInput {
    /// Ends the current wait, or the next one if none is running, as a timeout would.
    func wakeWaiter()
}
