/// From the controller's state to what the keeper may do: pure, so every sequence of states and
/// notifications is testable without a kernel.
///
/// Any departure from "configured", however short, is a new plug: a state other than "configured",
/// or a notification while it stays "configured" (the kernel changed it and changed it back before
/// we read it: a reset on replug, which a board with its own power may show as the only trace of
/// the cable going and coming back, see usb.md).
public struct CableFollower: Sendable {
    public enum Verdict: Sendable, Equatable {
        /// No host has the gadget configured: the keeper may swap a new image in.
        case free
        /// A host has just configured the gadget: hand over the rides on the medium it found.
        case newPlug
        /// The same host still has it: nothing may change under it.
        case held
    }

    private var held = false

    public init() {}

    public mutating func observe(state: String?, notified: Bool) -> Verdict {
        guard state == "configured" else {
            held = false
            return .free
        }
        defer { held = true }
        return !held || notified ? .newPlug : .held
    }
}
