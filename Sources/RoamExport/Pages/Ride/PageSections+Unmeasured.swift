import RoamCore

extension PageSections {
    /// Beside the totals: which of them no device measured (a bench replay's), so a derived speed
    /// or a track's elevation never reads as the board's measurement (P4). Empty for a real ride.
    func unmeasured() -> String {
        let notes = ride.unmeasured.notes
        guard !notes.isEmpty else { return "" }
        return "<div class=\"unmeasured\"><h3>Not measured on this ride</h3><ul>"
            + notes.map { "<li>\(XMLText.escape($0))</li>" }.joined() + "</ul></div>\n"
    }
}
