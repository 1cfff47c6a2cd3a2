/// How many fixes carry each flag, by the flag's stable name (`FixFlags.names`). Stored as a JSON
/// object; its description lists names in flag order, so equal counts always print alike (the
/// consistency check compares totals by their text).
public struct FlagCounts: Sendable, Equatable, Codable, CustomStringConvertible {
    public internal(set) var byName: [String: Int] = [:]

    public init() {}

    public init(from decoder: any Decoder) throws {
        byName = try decoder.singleValueContainer().decode([String: Int].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(byName)
    }

    public subscript(name: String) -> Int { byName[name] ?? 0 }
    public subscript(flag: FixFlags) -> Int {
        FixFlags.names.first { $0.0 == flag }.map { self[$0.1] } ?? 0
    }

    public mutating func add(_ flags: FixFlags) {
        for (flag, name) in FixFlags.names where flags.contains(flag) { byName[name, default: 0] += 1 }
    }

    public var description: String {
        let known = FixFlags.names.map(\.1)
        let unknown = byName.keys.filter { !known.contains($0) }.sorted()
        return (known + unknown).compactMap { name in byName[name].map { "\(name)=\($0)" } }.joined(separator: ", ")
    }
}
