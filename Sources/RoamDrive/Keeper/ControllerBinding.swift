import RoamSystem

/// Keeps the drive's gadget bound to its controller, and tells the keeper when another gadget holds
/// it: g_ether loaded at boot (SSH over USB), another configfs gadget. Then the keeper waits in the
/// looks it makes anyway (one read of the binding and one of the controller's `function` each) and
/// binds the moment the controller is free, with no restart: a keeper that exited instead would
/// fail its unit for a choice the rider made (SSH over USB), and only a restart would bring the
/// drive once the controller is free. While another gadget holds it, the controller's state is
/// that gadget's: a host that configured g_ether has not seen the drive, so nothing counts as a plug.
struct ControllerBinding {
    /// The holder said last; nil while the gadget holds the controller.
    private var saidHeld: ControllerHeld?

    /// Whether the gadget held `udc` when this look read its state, so the state is the drive's.
    /// An unbound gadget is bound when the controller is free (a controller that went away and came
    /// back lost the binding; one another gadget held was freed): false all the same, the next look
    /// reads the state anew. False while another gadget holds it, said once per holder with `words`.
    mutating func holds(_ gadget: MassStorageGadget, _ udc: String, controllerThere: Bool,
                        words: (String) -> String, say: (String) -> Void) throws -> Bool {
        // Bound to it already, or nothing to bind: the gadget missing, or the controller gone.
        guard controllerThere, gadget.boundController == "" else { return true }
        _ = try bind(gadget, udc, words: words, say: say)
        return false
    }

    /// Binds unless another gadget holds the controller; says what changed (a first binding, the
    /// keeper's own setup, is not news).
    mutating func bind(_ gadget: MassStorageGadget, _ udc: String, first: Bool = false,
                       words: (String) -> String, say: (String) -> Void) throws -> Bool {
        if let held = try gadget.bindIfFree(udc) {
            if held != saidHeld { say("drive: USB device controller \(FilePath.shown(udc)) is \(words(held.holder)) The drive binds it once it is free.") }
            saidHeld = held
            return false
        }
        if saidHeld != nil || !first { say(saidHeld == nil ? "drive: \(FilePath.shown(udc)) is back: gadget bound again" : "drive: \(FilePath.shown(udc)) is free now: gadget bound") }
        saidHeld = nil
        return true
    }
}
