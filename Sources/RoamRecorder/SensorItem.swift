import RoamCore

/// What the sensor side hands to the commit thread, in arrival order: what the ride session takes
/// inside a batch, under the session's own names (a new kind is added there alone), or a press
/// (short or long), which ends the batch and reaches the session as its own event.
public enum SensorItem: Sendable, Equatable {
    /// An epoch, the receiver going silent or coming back, a restart (`RideSessionItem`).
    case batched(RideSessionItem)
    /// A debounced button press (kernel timestamp on real hardware).
    case press(monoNs: UInt64)
    /// A long press, "new ride": the session decides what it stops and starts (`RideSessionEvent.longPress`).
    case longPress(monoNs: UInt64)

    /// The item as the ride session takes it inside a batch; nil for a press.
    var batchedItem: RideSessionItem? { if case .batched(let item) = self { return item } else { return nil } }
    var isEpoch: Bool { if case .batched(.epoch) = self { return true } else { return false } }
    /// Either press: both end the batch, hand over at once and are never dropped (`SensorQueue`).
    var isPress: Bool { pressEvent != nil }

    /// The press as the ride session takes it; nil for what goes inside a batch.
    var pressEvent: RideSessionEvent? {
        switch self {
        case .press(let monoNs): return .press(monoNs: monoNs)
        case .longPress(let monoNs): return .longPress(monoNs: monoNs)
        case .batched: return nil
        }
    }
}
