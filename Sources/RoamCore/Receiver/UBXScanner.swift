/// Finds UBX frames in a byte stream that also carries NMEA (a u-blox port outputs both).
/// A frame whose checksum fails, whose length is implausible or which is cut off by a new sync
/// is dropped and counted; scanning resumes at the next 0xB5.
public struct UBXScanner: Sendable {
    /// Longer payloads than this are not ours to read (MON-VER is the longest, under 300 bytes).
    public static let maxPayload = 1024
    private var buffer: [UInt8] = []
    public private(set) var dropped = 0

    public init() {}

    public mutating func feed<C: Collection>(_ bytes: C) -> [UBXFrame] where C.Element == UInt8 {
        var frames: [UBXFrame] = []
        for byte in bytes {
            if buffer.isEmpty {
                if byte == 0xB5 { buffer.append(byte) }
                continue
            }
            if buffer.count == 1 {
                if byte == 0x62 { buffer.append(byte) } else { buffer = byte == 0xB5 ? [byte] : [] }
                continue
            }
            buffer.append(byte)
            guard buffer.count >= 6 else { continue }
            let length = Int(buffer[4]) | Int(buffer[5]) << 8
            guard length <= Self.maxPayload else { dropped += 1; buffer = []; continue }
            guard buffer.count == 8 + length else { continue }
            let ck = UBXFrame.checksum(buffer[2..<(6 + length)])
            if ck.a == buffer[6 + length] && ck.b == buffer[7 + length] {
                frames.append(UBXFrame(buffer[2], buffer[3], payload: Array(buffer[6..<(6 + length)])))
            } else {
                dropped += 1
            }
            buffer = []
        }
        return frames
    }
}
