import RoamCore

/// One `SensorItem` as bytes in the parking space (`ParkedItems`): a tag, then what the item holds.
/// An epoch: its monotonic time, a mask of the fields present, those fields (8 bytes each, doubles
/// by their bit pattern, so they come back identical), its barometer sample, then each sentence
/// as a length and its UTF-8 bytes. Only this process reads it back: no version, no portability.
enum ParkedItemCoding {
    private enum Tag: UInt8 {
        case epoch, receiverSilent, receiverBack, restarted, barometerMissing, barometerBack, press, longPress, receiverSetUpAgain
    }

    static func isPress(tag: UInt8) -> Bool { tag == Tag.press.rawValue || tag == Tag.longPress.rawValue }
    static func isEpoch(tag: UInt8) -> Bool { tag == Tag.epoch.rawValue }

    static func encode(_ item: SensorItem, into out: inout [UInt8]) {
        switch item {
        case .press(let monoNs): out.append(Tag.press.rawValue); put(monoNs, &out)
        case .longPress(let monoNs): out.append(Tag.longPress.rawValue); put(monoNs, &out)
        case .batched(.epoch(let epoch)): out.append(Tag.epoch.rawValue); encode(epoch, into: &out)
        case .batched(.receiverSilent(let monoNs)): out.append(Tag.receiverSilent.rawValue); put(monoNs, &out)
        case .batched(.receiverBack(let monoNs)): out.append(Tag.receiverBack.rawValue); put(monoNs, &out)
        case .batched(.restarted(let monoNs)): out.append(Tag.restarted.rawValue); put(monoNs, &out)
        case .batched(.receiverSetUpAgain(let monoNs)): out.append(Tag.receiverSetUpAgain.rawValue); put(monoNs, &out)
        case .batched(.barometerBack(let monoNs)): out.append(Tag.barometerBack.rawValue); put(monoNs, &out)
        case .batched(.barometerMissing(let monoNs, let cause)):
            out.append(Tag.barometerMissing.rawValue); put(monoNs, &out); put(cause, &out)
        }
    }

    static func decode(_ r: inout Reader) -> SensorItem {
        let tag = Tag(rawValue: r.byte())!
        switch tag {
        case .press: return .press(monoNs: r.u64())
        case .longPress: return .longPress(monoNs: r.u64())
        case .epoch: return .batched(.epoch(decodeEpoch(&r)))
        case .receiverSilent: return .batched(.receiverSilent(monoNs: r.u64()))
        case .receiverBack: return .batched(.receiverBack(monoNs: r.u64()))
        case .restarted: return .batched(.restarted(monoNs: r.u64()))
        case .receiverSetUpAgain: return .batched(.receiverSetUpAgain(monoNs: r.u64()))
        case .barometerBack: return .batched(.barometerBack(monoNs: r.u64()))
        case .barometerMissing: return .batched(.barometerMissing(monoNs: r.u64(), cause: r.string()))
        }
    }

    /// The optional fields of an epoch, in mask order: integers as themselves, doubles by bit pattern.
    private static var doubles: [WritableKeyPath<Epoch, Double?>] { [
        \.latDeg, \.lonDeg, \.altMSLm, \.geoidSepM, \.speedMps, \.courseDeg,
        \.hdop, \.vdop, \.pdop, \.gstLatErrM, \.gstLonErrM, \.gstAltErrM,
    ] }
    private static var integers: [WritableKeyPath<Epoch, Int?>] { [\.timeOfDayMs, \.quality, \.satellitesUsed] }
    private static let dateBit: UInt32 = 1 << 15, carriedBit: UInt32 = 1 << 16
    private static let barometerBit: UInt32 = 1 << 17, temperatureBit: UInt32 = 1 << 18

    private static func encode(_ s: SensorEpoch, into out: inout [UInt8]) {
        let e = s.epoch
        var mask: UInt32 = 0
        for (bit, path) in doubles.enumerated() where e[keyPath: path] != nil { mask |= 1 << bit }
        for (bit, path) in integers.enumerated() where e[keyPath: path] != nil { mask |= 1 << (12 + bit) }
        if e.date != nil { mask |= dateBit }
        if e.dateIsCarried { mask |= carriedBit }
        if let b = s.barometer { mask |= barometerBit | (b.temperatureC != nil ? temperatureBit : 0) }
        put(s.monoNs, &out)
        put(UInt64(mask), &out)
        out.append(UInt8(e.fixMode.rawValue))
        for path in doubles { if let v = e[keyPath: path] { put(v.bitPattern, &out) } }
        for path in integers { if let v = e[keyPath: path] { put(UInt64(bitPattern: Int64(v)), &out) } }
        if let d = e.date { for v in [d.year, d.month, d.day] { put(UInt64(bitPattern: Int64(v)), &out) } }
        if let b = s.barometer {
            put(b.pressurePa.bitPattern, &out); put(b.monoNs, &out)
            if let t = b.temperatureC { put(t.bitPattern, &out) }
        }
        put(UInt64(e.sentences.count), &out)
        for sentence in e.sentences { put(sentence, &out) }
    }

    private static func decodeEpoch(_ r: inout Reader) -> SensorEpoch {
        let monoNs = r.u64()
        let mask = UInt32(r.u64())
        var e = Epoch()
        e.fixMode = FixMode(rawValue: Int(r.byte())) ?? .unknown
        for (bit, path) in doubles.enumerated() where mask & (1 << bit) != 0 { e[keyPath: path] = Double(bitPattern: r.u64()) }
        for (bit, path) in integers.enumerated() where mask & (1 << (12 + bit)) != 0 { e[keyPath: path] = r.int() }
        if mask & dateBit != 0 { e.date = UTCDate(year: r.int(), month: r.int(), day: r.int()) }
        e.dateIsCarried = mask & carriedBit != 0
        var barometer: BarometerSample?
        if mask & barometerBit != 0 {
            let pressure = Double(bitPattern: r.u64()), sampledNs = r.u64()
            let temperature = mask & temperatureBit != 0 ? Double(bitPattern: r.u64()) : nil
            barometer = BarometerSample(pressurePa: pressure, temperatureC: temperature, monoNs: sampledNs)
        }
        let sentences = Int(r.u64())
        e.sentences.reserveCapacity(sentences)
        for _ in 0..<sentences { e.sentences.append(r.string()) }
        return SensorEpoch(epoch: e, monoNs: monoNs, barometer: barometer)
    }

    /// Little-endian, always 8 bytes: simple, and the sentences outweigh the fields several times.
    private static func put(_ value: UInt64, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A length of at most 65 535 bytes in 2 bytes; a longer text keeps 0xFFFF and its length in 8 after it.
    private static func put(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            if utf8.count < 0xFFFF {
                out.append(UInt8(utf8.count & 0xFF)); out.append(UInt8(utf8.count >> 8))
            } else {
                out.append(0xFF); out.append(0xFF); put(UInt64(utf8.count), &out)
            }
            out.append(contentsOf: utf8)
        }
    }

    struct Reader {
        let bytes: ArraySlice<UInt8>
        var at: Int

        mutating func byte() -> UInt8 { defer { at += 1 }; return bytes[at] }

        mutating func u64() -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
            return value
        }

        mutating func int() -> Int { Int(Int64(bitPattern: u64())) }

        mutating func string() -> String {
            var count = Int(byte()) | Int(byte()) << 8
            if count == 0xFFFF { count = Int(u64()) }
            defer { at += count }
            return String(decoding: bytes[at..<at + count], as: UTF8.self)
        }
    }
}
