import RoamCore

/// `check`'s comparison of the stored pipeline state (`rides.pipeline_state`: what a recording ride
/// resumes from, committed with each batch, P1) with the state the replay of its fixes ends in,
/// part by part (clock, smoother, auto-pause, jumps, rhythm …), so a state that would resume wrong
/// is named even when its totals agree (P2). By reflection, as `TotalsComparison`: a part the state
/// gains is compared without changing this code.
enum PipelineStateCheck {
    /// Compared apart, in their own words: where the ride continues, and the totals field by field.
    static let comparedApart: Set<String> = ["nextSeq", "totals"]

    /// One phrase per value that differs, e.g. "stored pipeline state, autoPause.isPaused: stored
    /// true, its fixes imply false", in the state's order.
    static func differences(stored: PipelineState, replayed: PipelineState) -> [String] {
        guard stored != replayed else { return [] }
        var lines: [String] = []
        for (s, r) in zip(Mirror(reflecting: stored).children, Mirror(reflecting: replayed).children) {
            guard let part = s.label, !comparedApart.contains(part) else { continue }
            differences(part, s.value, r.value, into: &lines)
        }
        return lines.map { "stored pipeline state, " + $0 }
    }

    /// Goes down a struct, and into optionals both present, to the values that differ: reals as
    /// the totals compare them (`TotalsComparison.equal`), everything else exactly.
    private static func differences(_ path: String, _ stored: Any, _ replayed: Any, into lines: inout [String]) {
        guard !TotalsComparison.equal(stored, replayed) else { return }
        let a = Mirror(reflecting: stored), b = Mirror(reflecting: replayed)
        switch (a.displayStyle, b.displayStyle) {
        case (.struct?, .struct?) where !a.children.isEmpty:
            for (x, y) in zip(a.children, b.children) {
                differences(path + "." + (x.label ?? "?"), x.value, y.value, into: &lines)
            }
        case (.optional?, .optional?) where !a.children.isEmpty && !b.children.isEmpty:
            differences(path, a.children.first!.value, b.children.first!.value, into: &lines)
        default:
            lines.append("\(path): stored \(text(stored)), its fixes imply \(text(replayed))")
        }
    }

    /// A value in words: "none" for nil, "one" for a whole part that the other side lacks.
    private static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?: return mirror.children.first.map { text($0.value) } ?? "none"
        case .struct? where !mirror.children.isEmpty: return "one"
        default: return String(describing: value)
        }
    }
}
