/// "1 gap", "2 gaps": one place for counts in words, so no sentence says "1 points" or "1 fixes".
public enum Plural {
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
