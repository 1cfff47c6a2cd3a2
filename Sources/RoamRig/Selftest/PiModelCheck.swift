import RoamCore

/// The Pi the card is in against the board enabled on it. A card moved to another model, or the
/// wrong board enabled, fails on the GPIO chip alone (the udev rule looks for another chip's label),
/// and the advice for a missing chip (board.conf's gpio_chip, the udev rule) leads nowhere: the
/// fix is enabling the board of this Pi.
enum PiModelCheck {
    /// The board folder made for a Pi model (the device tree's model string); nil for a model no board names.
    static func board(forModel model: String) -> String? {
        if model.hasPrefix("Raspberry Pi Zero 2") { return "rpi-zero-2w" }
        // The 400 and 500 are a 4 and a 5 in a keyboard; the Compute Modules the same SoCs and header chips.
        if model.hasPrefix("Raspberry Pi 4") || model.hasPrefix("Raspberry Pi Compute Module 4") { return "rpi-4" }
        if model.hasPrefix("Raspberry Pi 5") || model.hasPrefix("Raspberry Pi Compute Module 5") { return "rpi-5" }
        return nil
    }

    /// "this is a Raspberry Pi 4 Model B Rev 1.4, enabled as rpi-zero-2w: run sudo roam-board-enable rpi-4";
    /// nil when the board fits this Pi, or either is not one of the Pi boards. `root`: where / is
    /// for the device tree's model (`BootConfig.piModel`).
    static func mismatch(_ profile: BoardProfile, root: String) -> String? {
        guard ["rpi-zero-2w", "rpi-4", "rpi-5"].contains(profile.name),
              let model = BootConfig.piModel(root: root), let fits = board(forModel: model), fits != profile.name else { return nil }
        return "this is a \(model), enabled as \(profile.name): run sudo roam-board-enable \(fits)"
    }
}
