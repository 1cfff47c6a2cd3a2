import Testing
import RoamCore

/// What the module calls itself, as the set-up line, `status` and `selftest` quote it: its text,
/// not the sentence's frame ("says $GNTXT,01,01,02,u-blox AG - www.u-blox.com" once).
struct ReceiverObservationTextTests {
    static func identity(after sentences: [String]) -> String? {
        var seen = ReceiverObservation()
        seen.feed([], sentences: sentences)
        return seen.identity
    }

    @Test func aTextSentenceIsQuotedByItsTextAlone() {
        #expect(Self.identity(after: ["$GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E"]) == "u-blox AG - www.u-blox.com")
        #expect(Self.identity(after: ["$GPTXT,01,01,02,IC=AT6558-5N-32-1C510800"]) == "IC=AT6558-5N-32-1C510800")
        // A comma inside the text is the text's own.
        #expect(Self.identity(after: ["$GPTXT,01,01,02,ANTENNA OK, FW 1.0*35"]) == "ANTENNA OK, FW 1.0")
    }

    @Test func aMediaTekReleaseIsQuotedByItsFields() {
        #expect(Self.identity(after: ["$PMTK705,AXN_2.31_3339_13101700,5632,PA6H,1.0*6B"]) == "AXN_2.31_3339_13101700 5632 PA6H 1.0")
    }

    /// An empty text says nothing: the last text that said something stays.
    @Test func anEmptyTextKeepsTheLastThatSaidSomething() {
        #expect(Self.identity(after: ["$GPTXT,01,01,02,MA=CASIC", "$GPTXT,01,01,02,*00", "$GNTXT,01*00"]) == "MA=CASIC")
    }
}
