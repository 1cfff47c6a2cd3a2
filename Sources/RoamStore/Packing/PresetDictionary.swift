import CZlib

/// The preset dictionaries `PackedText` deflates against. A preset dictionary is text the
/// compressor may refer back to as if it had come just before the value: the ride row's JSON is
/// mostly the same keys batch after batch, so starting from them leaves little but the numbers.
/// 2 kB of pipeline state deflate to about 320 B this way (740 B without), parameters from 530 B to
/// 90 B, an epoch's 230 B of u-blox sentences to about 130 B.
///
/// These texts are part of the stored format: a value packed against one of them can only be
/// unpacked with exactly the same bytes, so they never change. A new shape of the state gets a
/// new dictionary under a new id; the tests pin each one's CRC-32.
enum PresetDictionary: UInt8, CaseIterable, Sendable {
    /// `PipelineState` as of pipeline parameters version 3, with every flag's name.
    case pipelineState1 = 1
    /// `PipelineParameters` version 3.
    case parameters1 = 2
    /// A fix's raw sentences: the set the recorder asks for (GST, GSA, GGA, RMC), GPS and GNSS talkers.
    case nmea1 = 3

    /// CRC-32 of `text`, which the tests pin: a dictionary edited by accident fails them.
    var crc32: UInt32 {
        let bytes = Array(text.utf8)
        return UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    var text: String {
        switch self {
        case .pipelineState1: return Self.pipelineState1Text
        case .parameters1: return Self.parameters1Text
        case .nmea1: return Self.nmea1Text
        }
    }

    // The JSON of each, with every number 0 and every list one element long.
    private static let pipelineState1Text = """
{"altimeter":{"lastGoodM":0,"lastGoodTime":{"monoNs":0,"timeOfDayMs":0,"utcMs":0},"offsetM":0,"outliers":0},"a\
utoPause":{"isPaused":false,"lastUpdate":{"monoNs":0,"timeOfDayMs":0,"utcMs":0}},"barometerInterrupted":false,\
"climb":{"confirmedAscentM":0,"confirmedDescentM":0,"direction":0,"extremeM":0,"highM":0,"lowM":0,"turnM":0},"\
clock":{"backwardsRun":0,"last":{"monoNs":0,"timeOfDayMs":0,"utcMs":0},"lastTimed":{"monoNs":0,"timeOfDayMs":0\
,"utcMs":0},"trustsReceiverTime":true},"gapBeganMoving":false,"hasBarometer":true,"jumps":{"count":0},"lastAcc\
epted":{"latDeg":0,"lonDeg":0,"monoNs":0,"timeOfDayMs":0,"utcMs":0},"lastUsable":{"latDeg":0,"lonDeg":0,"monoN\
s":0,"timeOfDayMs":0,"utcMs":0},"nextSeq":0,"pendingLoggerFlags":0,"rhythm":{"last":{"monoNs":0,"timeOfDayMs":\
0,"utcMs":0},"recentS":[0]},"segment":0,"segmentPending":false,"smoother":{"east":{"p11":0,"p12":0,"p22":0,"po\
sitionM":0,"velocityMps":0},"frame":{"originLatDeg":0,"originLonDeg":0},"north":{"p11":0,"p12":0,"p22":0,"posi\
tionM":0,"velocityMps":0},"time":{"monoNs":0,"timeOfDayMs":0,"utcMs":0}},"totals":{"acceptedCount":0,"ascentM"\
:0,"bridgedGaps":0,"bridgedM":0,"descentM":0,"distanceM":0,"elapsedS":0,"fixCount":0,"flagCounts":{"after-rece\
iver-silent":0,"after-restart":0,"barometer-missing":0,"barometer-spike":0,"before-valid-date":0,"bridged-gap"\
:0,"gap-too-fast-to-bridge":0,"implausible-jump":0,"low-accuracy":0,"no-fix":0,"paused":0,"repeated-time":0,"s\
egment-start":0,"time-backwards":0,"under-distance-gate":0},"flaggedCount":0,"gapCount":0,"maxSpeedMps":0,"mov\
ingS":0,"segmentCount":0}}
"""

    private static let parameters1Text = """
{"algorithm":"roam-pipeline\\/2","baroMaxVerticalSpeedMps":0,"baroSpikeM":0,"baroStepConfirmSamples":0,"climbHy\
steresisM":0,"distanceGateM":0,"gapAfterS":0,"jumpConfirmFixes":0,"jumpSlackM":0,"maxAccuracyM":0,"maxSpeedMps\
":0,"movingGapMaxS":0,"pauseAfterS":0,"pauseBelowMps":0,"receiverErrorM":0,"resumeAboveMps":0,"resumeAfterS":0\
,"rhythmGapFactor":0,"rhythmLearnS":0,"rolloverFloorUTCms":0,"smoothingAccelerationNoise":0,"smoothingVelocity\
SigmaMps":0,"timeConfirmEpochs":0,"version":0,"weatherStillRadiusM":0}
"""

    // One epoch per talker with every digit 0: the commas, talkers and fixed fields are what repeats.
    private static let nmea1Text = [
        "$GPGST,000000.00,0.0,0.0,0.0,0.0,0.0,0.0,0.0*00",
        "$GPGSA,A,3,00,00,00,00,00,00,00,00,,,,,0.00,0.00,0.00*00",
        "$GPGGA,000000.00,0000.00000,N,00000.00000,E,1,00,0.00,0.0,M,0.0,M,,*00",
        "$GPRMC,000000.00,A,0000.00000,N,00000.00000,E,0.000,,000000,,,A*00",
        "$GNGST,000000.00,0.0,0.0,0.0,0.0,0.0,0.0,0.0*00",
        "$GNGSA,A,3,00,00,00,00,00,00,00,00,,,,,0.00,0.00,0.00*00",
        "$GNGGA,000000.00,0000.00000,N,00000.00000,E,1,00,0.00,0.0,M,0.0,M,,*00",
        "$GNRMC,000000.00,A,0000.00000,N,00000.00000,E,0.000,,000000,,,A*00",
    ].joined(separator: "\n") + "\n"
}
