/// GSV, satellites in view, up to four per sentence, split over several sentences.
///
///     $GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45*75
///     1  2    number of sentences in this set
///     2  1    number of this sentence
///     3  08   satellites in view
///     4-7     PRN, elevation (deg), azimuth (deg), SNR (dB-Hz, empty when not tracked)
///     ...     up to three more satellites
///     last    signal ID (NMEA 4.1+, when the field count says so)
/// The logger keeps only the count in view; the raw sentence keeps the rest.
public struct GSV: Sendable, Equatable {
    public var talker: NMEATalker
    public var sentenceCount: Int?
    public var sentenceNumber: Int?
    public var satellitesInView: Int?
    /// Satellite blocks in this sentence.
    public var satelliteBlocks: Int

    /// True on the last sentence of a set (a receiver's view of the sky is complete).
    public var isLastOfSet: Bool { sentenceNumber != nil && sentenceNumber == sentenceCount }

    /// Data fields needed: the three header fields, as gpsd.
    static let minimumFields = 3

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GSV {
        let total = f.integer()
        let number = f.integer()
        let inView = f.integer()
        return GSV(talker: talker, sentenceCount: total, sentenceNumber: number, satellitesInView: inView,
                   satelliteBlocks: (f.count - 3) / 4)
    }
}
