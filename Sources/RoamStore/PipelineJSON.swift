/// JSON for `rides.parameters` and the `rides.pipeline_state` of rows written before its compact
/// layout (`PipelineState+Bytes`), both stored packed (`PackedText`). Keys are sorted so equal values
/// give equal text; non-finite numbers get names, because a NaN or an infinity in a filter
/// state must not make a batch impossible to commit (P3).
/// Written with `JSONTextEncoder` (the same text as Foundation's JSONEncoder with these options, at a
/// fraction of the cost per commit); read with `JSONTextDecoder` (once per ride at re-arm).
struct PipelineJSON {
    private let encoder = JSONTextEncoder(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    private let decoder = JSONTextDecoder(nonFiniteNames: (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))

    func encode<T: Encodable>(_ value: T) throws -> String {
        try encoder.encode(value)
    }

    func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decoder.decode(type, from: text)
    }

    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decoder.decode(type, from: value)
    }

    /// `value` as the ride row stores it: its JSON deflated against `dictionary` (`PackedText`).
    func packed<T: Encodable>(_ value: T, _ dictionary: PresetDictionary) throws -> [UInt8] {
        try PackedText.pack(try encode(value), with: dictionary, paddedTo: PackedText.rowStep)
    }
}
