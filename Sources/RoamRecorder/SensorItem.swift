import RoamCore

/// What the sensor side hands to the commit thread, in arrival order.
public enum SensorItem: Sendable, Equatable {
    case epoch(SensorEpoch)
    /// A debounced button press (kernel timestamp on real hardware).
    case press(monoNs: UInt64)
    /// No bytes from the receiver for the silence threshold, or the device went away.
    case receiverSilent(monoNs: UInt64, reason: String)
    /// Bytes flow again after a silence.
    case receiverBack(monoNs: UInt64)
    /// The recorder re-armed an active ride after a restart: a gap with cause "logger restarted" (P5, P7).
    case restarted(monoNs: UInt64)

    var isEpoch: Bool { if case .epoch = self { return true } else { return false } }
    var isPress: Bool { if case .press = self { return true } else { return false } }
}
