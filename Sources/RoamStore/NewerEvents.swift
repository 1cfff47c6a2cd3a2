import RoamCore

/// What a newer roam-board wrote into a ride that this one does not know: an event kind or a gap
/// cause. Both are text, so a release adds them within one schema, without a migration. A reader
/// reads the rest of the ride and says what it passed over, rather than call such a row corrupt;
/// a kind that is no name at all (damage, not a newer release) stays an unreadable row.
public struct NewerEvents: Sendable, Equatable {
    /// Kinds this roam-board does not know, each once, as first recorded: their events are left out.
    public private(set) var kinds: [String] = []
    /// Gap causes this roam-board does not know, each once: their gaps are kept, the cause as written.
    public private(set) var gapCauses: [String] = []

    public var isEmpty: Bool { kinds.isEmpty && gapCauses.isEmpty }

    /// e.g. "holds what a newer roam-board wrote: event kind 'wheel-lost', gap cause 'tyre flat'"; nil when empty.
    public var sentence: String? {
        guard !isEmpty else { return nil }
        let named = kinds.map { "event kind '\($0)'" } + gapCauses.map { "gap cause '\($0)'" }
        return "holds what a newer roam-board wrote: " + named.joined(separator: ", ")
    }

    mutating func add(kind: String) {
        if !kinds.contains(kind) { kinds.append(kind) }
    }

    /// Notes a gap event whose cause this roam-board does not know.
    mutating func add(_ event: RideEvent) {
        guard event.kind == .gap, GapCause(rawValue: event.detail) == nil, !gapCauses.contains(event.detail) else { return }
        gapCauses.append(event.detail)
    }

    /// A kind's name as releases write them ("storage-low"): lower-case letters, digits and hyphens.
    static func isKindName(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), text.utf8.count <= 40 else {
            return false
        }
        return text.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                || c == UInt8(ascii: "-")
        }
    }
}
