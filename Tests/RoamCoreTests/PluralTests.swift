import Testing
import RoamCore

/// Counts and lists in words: a rider reads "1 ride" and "ride 3", never "1 ride(s)" or "rides 3".
struct PluralTests {
    @Test func countsSaySingularForOne() {
        #expect(Plural.count(1, "ride") == "1 ride")
        #expect(Plural.count(0, "ride") == "0 rides")
        #expect(Plural.count(2, "fix", "fixes") == "2 fixes")
    }

    @Test func listsNameTheirNounSingularForOne() {
        #expect(Plural.list("ride", [Int64(3)]) == "ride 3")
        #expect(Plural.list("ride", [Int64(4), 3]) == "rides 4, 3")
        #expect(Plural.list("fix", ["a", "b"], "fixes") == "fixes a, b")
    }
}
