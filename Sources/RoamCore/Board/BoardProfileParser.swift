extension BoardProfile {
    /// Parses board.conf text. Unknown, duplicate, missing or malformed keys are errors naming the line.
    public static func parse(_ text: String, file: String) throws(BoardProfileError) -> BoardProfile {
        var values: [String: (value: String, line: Int)] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNo = index + 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw BoardProfileError(file: file, line: lineNo, message: "expected 'key = value', found '\(line)'")
            }
            let key = String(line[..<eq]).trimmingWhitespace()
            let value = String(line[line.index(after: eq)...]).trimmingWhitespace()
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
            let parsed = v.value.hasPrefix("0x") ? Int(v.value.dropFirst(2), radix: 16) : Int(v.value)
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
        return BoardProfile(
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
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
