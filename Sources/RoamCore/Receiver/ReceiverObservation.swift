/// What the bytes from a receiver say while it is being configured: how many checksummed NMEA
/// sentences and UBX frames (the proof of a right baud), which family they give away, the UBX frames and PMTK
/// acknowledgements among them (what its text lines say is `ReceiverTexts`'s). Pure: fed bytes and
/// the sentences framed in them, read back facts.
/// It frames nothing itself: the one framer of the configuration run (`ReceiverHandBack`) does.
public struct ReceiverObservation: Sendable {
    private var ubx = UBXScanner()
    public private(set) var bytes = 0
    public private(set) var validSentences = 0
    public private(set) var family: ReceiverFamily?
    public private(set) var ubxFrames: [UBXFrame] = []
    public private(set) var pmtkAcks: [PMTK.Ack] = []
    /// Whether a GSV sentence was seen (the module still sends its full set).
    public private(set) var sawGSV = false

    public init() {}

    /// `chunk` as read (UBX frames are scanned in it) and the checksummed sentences the run's framer
    /// found in it (text without line ending).
    public mutating func feed(_ chunk: [UInt8], sentences lines: [String]) {
        bytes += chunk.count
        let frames = ubx.feed(chunk)
        if !frames.isEmpty {
            ubxFrames += frames
            if family == nil { family = .ublox }
        }
        for line in lines {
            validSentences += 1
            if let f = ReceiverFamily.recognise(sentence: line), family == nil || family == .ublox && f != .ublox && ubxFrames.isEmpty {
                family = f
            }
            if let ack = PMTK.ack(line) { pmtkAcks.append(ack) }
            if line.count > 6 && line.dropFirst(3).hasPrefix("GSV") { sawGSV = true }
        }
    }

    /// The UBX acknowledgement of `cls`/`id` seen so far: true (ACK), false (NAK), nil (none yet).
    public func ubxAck(_ cls: UInt8, _ id: UInt8) -> Bool? {
        for frame in ubxFrames.reversed() { if let verdict = UBX.acknowledgement(frame, of: cls, id) { return verdict } }
        return nil
    }

    public func pmtkAck(_ command: Int) -> PMTK.Ack? { pmtkAcks.last { $0.command == command } }

    /// Checksummed frames of either protocol, each a proof of the baud: a u-blox whose NMEA output
    /// was switched off (and saved so, as drone autopilots leave it) speaks only UBX.
    public var framesProvingBaud: Int { validSentences + ubxFrames.count }

    /// UBX heard but no NMEA sentence: a u-blox whose port has NMEA output off.
    public var nmeaOff: Bool { validSentences == 0 && !ubxFrames.isEmpty }
}
