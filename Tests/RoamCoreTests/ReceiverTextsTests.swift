import Testing
import RoamCore

/// What the module is, as the set-up line quotes it: its text, not the sentence's frame ("says
/// $GNTXT,01,01,02,u-blox AG - www.u-blox.com" once), and of its power-up banner the line that names
/// it, not the last (a u-blox's ends with its antenna status and port settings). An antenna that is
/// not OK is said in words.
struct ReceiverTextsTests {
    static func texts(after sentences: [String]) -> ReceiverTexts {
        var texts = ReceiverTexts()
        for sentence in sentences { texts.note(sentence) }
        return texts
    }

    static func identity(after sentences: [String]) -> String? { texts(after: sentences).identity }

    /// A u-blox M8's power-up banner (as u-blox modules print it, and gpsd's and pynmea's captures show).
    static let ubloxM8 = ["u-blox AG - www.u-blox.com", "HW UBX-M8030 00080000", "ROM CORE 3.01 (107888)", "FWVER=SPG 3.01",
                          "PROTVER=18.00", "GPS;GLO;GAL;BDS", "SBAS;IMES;QZSS", "GNSS OTP=GPS;GLO",
                          "LLC=FFFFFFFF-FFFFFFED-FFFFFFFF-FFFFFFFF-FFFFFF69", "ANTSUPERV=AC SD PDoS SR", "ANTSTATUS=OK", "PF=3FF"]
        .map { "$GNTXT,01,01,02,\($0)" }

    @Test func aTextSentenceIsQuotedByItsTextAlone() {
        #expect(Self.identity(after: ["$GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E"]) == "u-blox AG - www.u-blox.com")
        #expect(Self.identity(after: ["$GPTXT,01,01,02,IC=AT6558-5N-32-1C510800"]) == "IC=AT6558-5N-32-1C510800")
        // A comma inside the text is the text's own (a CASIC firmware line).
        #expect(Self.identity(after: ["$GPTXT,01,01,02,SW=URANUS5,V5.1.0.0*1F"]) == "SW=URANUS5,V5.1.0.0")
    }

    @Test func aMediaTekReleaseIsQuotedByItsFields() {
        #expect(Self.identity(after: ["$PMTK705,AXN_2.31_3339_13101700,5632,PA6H,1.0*6B"]) == "AXN_2.31_3339_13101700 5632 PA6H 1.0")
    }

    /// An empty text says nothing: the text that said something stays.
    @Test func anEmptyTextSaysNothing() {
        #expect(Self.identity(after: ["$GPTXT,01,01,02,MA=CASIC", "$GPTXT,01,01,02,*00", "$GNTXT,01*00"]) == "MA=CASIC")
    }

    @Test func ofABannerTheLineNamingTheModuleIsQuotedNotTheLast() {
        let texts = Self.texts(after: Self.ubloxM8)
        #expect(texts.identity == "HW UBX-M8030 00080000")
        #expect(texts.antenna == .ok && texts.antenna?.problem == nil)
        // The maker's line beats a status; a product line beats the maker's; none is quoted for a status alone.
        #expect(Self.identity(after: ["$GPTXT,01,01,02,ANTSTATUS=OK", "$GPTXT,01,01,02,MA=CASIC", "$GPTXT,01,01,02,ANTENNA OK"]) == "MA=CASIC")
        #expect(Self.identity(after: ["$GPTXT,01,01,02,MA=CASIC", "$GPTXT,01,01,02,IC=AT6558-5N-32-1C510800"]) == "IC=AT6558-5N-32-1C510800")
        #expect(Self.identity(after: ["$GPTXT,01,01,01,ANTENNA OK", "$GNTXT,01,01,02,ANTSTATUS=INIT", "$GNTXT,01,01,02,PF=3FF"]) == nil)
        // An old u-blox names its hardware after its product name.
        #expect(Self.identity(after: ["$GPTXT,01,01,02,u-blox ag - www.u-blox.com", "$GPTXT,01,01,02,ANTARIS ATR062x HW 80040001"])
            == "ANTARIS ATR062x HW 80040001")
    }

    /// The antenna supervisor's latest status counts: INIT then OK is fine, OK then SHORT is not.
    @Test func anAntennaThatIsShortedOrOpenIsSaidInWords() {
        let shorted = Self.texts(after: Self.ubloxM8 + ["$GNTXT,01,01,02,ANTSTATUS=SHORT"])
        #expect(shorted.antenna?.problem == "The antenna is shorted (ANTSTATUS=SHORT): check the antenna's cable and connector")
        #expect(shorted.identity == "HW UBX-M8030 00080000")
        let open = Self.texts(after: ["$GNTXT,01,01,02,ANTSTATUS=INIT", "$GNTXT,01,01,02,ANTSTATUS=OPEN"])
        #expect(open.antenna?.problem == "The antenna is open (ANTSTATUS=OPEN): none is connected or its cable is broken; check the antenna's connector")
        #expect(Self.texts(after: ["$GNTXT,01,01,02,ANTSTATUS=INIT", "$GNTXT,01,01,02,ANTSTATUS=OK"]).antenna?.problem == nil)
        #expect(Self.texts(after: ["$GPTXT,01,01,02,ANTSTATUS=DONTKNOW"]).antenna == .other)
    }
}
