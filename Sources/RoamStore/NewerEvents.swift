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

extension RideReader {
    /// The rides holding what a newer roam-board wrote, as `eventsAndNewer` would find it, for a
    /// listing: one pass over `events` for all rides (a few rows a ride, next to its fixes), not one
    /// query a ride. Only the rows this roam-board does not know come back to be judged here.
    public func ridesWithNewerEvents() throws -> Set<Int64> {
        let kinds = RideEventKind.allCases.map(\.rawValue), causes = GapCause.allCases.map(\.rawValue)
        func list(_ texts: [String], from first: Int) -> String {
            texts.indices.map { "?\(first + $0)" }.joined(separator: ", ")
        }
        let statement = try connection.prepare("SELECT ride_id, kind, detail FROM events WHERE kind NOT IN ("
            + list(kinds, from: 1) + ") OR (kind = 'gap' AND detail NOT IN (" + list(causes, from: kinds.count + 1) + "))")
        for (i, text) in (kinds + causes).enumerated() { try statement.bind(text, at: Int32(i + 1)) }
        var rides = Set<Int64>()
        while try statement.step() {
            let kind = statement.text(at: 1)
            var newer = NewerEvents()
            if RideEventKind(rawValue: kind) == nil {
                // A kind that is no name is damage, which `show` reports as such: not a newer release.
                guard NewerEvents.isKindName(kind) else { continue }
                newer.add(kind: kind)
            } else {
                newer.add(RideEvent(kind: .gap, detail: statement.text(at: 2)))
            }
            if !newer.isEmpty { rides.insert(statement.int64(at: 0)) }
        }
        return rides
    }
}
