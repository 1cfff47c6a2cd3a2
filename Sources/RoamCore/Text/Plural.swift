/// "1 gap", "2 gaps": one place for counts in words, so no sentence says "1 points" or "1 fixes".
public enum Plural {
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// "ride 3", "rides 3, 4": names after their noun, so no sentence says "rides 3".
    public static func list<Name: CustomStringConvertible>(_ singular: String, _ names: [Name], _ plural: String? = nil) -> String {
        (names.count == 1 ? singular : plural ?? singular + "s") + " " + names.map(\.description).joined(separator: ", ")
    }

    /// "heart rate", "heart rate and cadence", "heart rate, cadence and power".
    public static func series(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
