extension BoardProfile {
    /// An integer as board.conf writes one: decimal, or hexadecimal after `0x`.
    public static func integerValue(_ text: String) -> Int? {
        text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
    }

    /// Parses board.conf text. Unknown, duplicate, missing or malformed keys are errors naming the line.
    public static func parse(_ text: String, file: String) throws(BoardProfileError) -> BoardProfile {
        var values: [String: (value: String, line: Int)] = [:]
        for (lineNo, line) in BoardConfLine.read(text) {
            let key: String, value: String
            switch line {
            case .noSetting(let text): throw BoardProfileError(file: file, line: lineNo, message: "expected 'key = value', found '\(text)'")
            case .setting(let k, let v): (key, value) = (k, v)
            }
            guard keys.contains(key) else {
                throw BoardProfileError(file: file, line: lineNo,
                    message: "unknown key '\(key)' (a board declares only: \(keys.joined(separator: ", ")))")
            }
            if let previous = values[key] {
                throw BoardProfileError(file: file, line: lineNo, message: "duplicate key '\(key)' (first set on line \(previous.line))")
            }
            guard !value.isEmpty else { throw BoardProfileError(file: file, line: lineNo, message: "key '\(key)' has no value") }
            values[key] = (value, lineNo)
        }
        func required(_ key: String) throws(BoardProfileError) -> (value: String, line: Int) {
            guard let v = values[key] else { throw BoardProfileError(file: file, line: nil, message: "missing key '\(key)'") }
            return v
        }
        func integer(_ key: String, range: ClosedRange<Int>) throws(BoardProfileError) -> Int {
            let v = try required(key)
            let parsed = integerValue(v.value)
            guard let n = parsed, range.contains(n) else {
                throw BoardProfileError(file: file, line: v.line, message: "'\(key)' must be an integer in \(range.lowerBound)...\(range.upperBound), found '\(v.value)'")
            }
            return n
        }
        let active = try required("button_active")
        guard active.value == "low" || active.value == "high" else {
            throw BoardProfileError(file: file, line: active.line, message: "'button_active' must be 'low' or 'high', found '\(active.value)'")
        }
        let biasText = try required("button_bias")
        guard let bias = Bias(rawValue: biasText.value) else {
            throw BoardProfileError(file: file, line: biasText.line,
                message: "'button_bias' must be one of \(Bias.allCases.map(\.rawValue).joined(separator: ", ")), found '\(biasText.value)'")
        }
        var receiver = ReceiverFamily.auto
        if let r = values["receiver"] {
            guard let family = ReceiverFamily(rawValue: r.value) else {
                throw BoardProfileError(file: file, line: r.line,
                    message: "'receiver' must be one of \(ReceiverFamily.allCases.map(\.rawValue).joined(separator: ", ")), found '\(r.value)'")
            }
            receiver = family
        }
        // Optional (older board files have neither): auto, 1 Hz.
        let rateHz = values["rate_hz"] == nil ? 1 : try integer("rate_hz", range: 1...10)
        var commitIntervalS = 1.0
        if let v = values["commit_interval_s"] {
            let range = commitIntervalRangeS
            guard let seconds = Self.decimal(v.value), range.contains(seconds) else {
                throw BoardProfileError(file: file, line: v.line, message: "'commit_interval_s' must be a number of seconds "
                    + "in \(range.lowerBound)...\(range.upperBound) (default 1), found '\(v.value)'")
            }
            commitIntervalS = seconds
        }
        var profile = BoardProfile(
            name: try required("name").value,
            uart: try required("uart").value,
            baud: try integer("baud", range: 1200...4_000_000),
            i2cBus: try required("i2c_bus").value,
            bmp280Address: UInt8(try integer("bmp280_address", range: 0x76...0x77)),
            gpioChip: try required("gpio_chip").value,
            buttonLine: try integer("button_line", range: 0...1023),
            buttonActiveLow: active.value == "low",
            buttonBias: bias,
            ledLine: try integer("led_line", range: 0...1023),
            dataDir: try required("data_dir").value)
        profile.receiver = receiver
        profile.rateHz = rateHz
        profile.commitIntervalS = commitIntervalS
        if let zone = values["time_zone"] {
            guard isZoneName(zone.value) else {
                throw BoardProfileError(file: file, line: zone.line,
                    message: "'time_zone' must be an IANA zone name such as Europe/Berlin or UTC, found '\(zone.value)'")
            }
            profile.timeZone = zone.value
        }
        if let units = values["units"] {
            guard let system = UnitSystem(rawValue: units.value) else {
                throw BoardProfileError(file: file, line: units.line, message: "'units' must be one of "
                    + "\(UnitSystem.allCases.map(\.rawValue).joined(separator: ", ")) (default metric), found '\(units.value)'")
            }
            profile.units = system
        }
        return profile
    }

    /// A plain decimal such as `1`, `0.5` or `2.25`: digits with at most one point, nothing else
    /// (`Double("inf")`, `1e3` and `0x1p-2` are not what a board file means by seconds).
    static func decimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, text.utf8.count <= 12, !(parts.first ?? "").isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Double(text)
    }

    /// An IANA name's shape: `Area/Location` parts of letters, digits, `_`, `-`, `+`; never `..`
    /// or a leading `/` (the name becomes a path under /usr/share/zoneinfo).
    static func isZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard name.utf8.count <= 64, !parts.isEmpty, parts.count <= 3 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.first, first.isLetter, first.isASCII else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "+") }
        }
    }
}
