/// One FIT message layout: which global message a local message type stands for, and its fields
/// in the order their values follow in each data message. Little-endian throughout.
struct FITMessageDefinition: Sendable {
    struct Field: Sendable {
        let number: UInt8
        let type: FITBaseType
    }

    let localType: UInt8
    let globalNumber: UInt16
    let fields: [Field]

    init(localType: UInt8, globalNumber: UInt16, fields: [(UInt8, FITBaseType)]) {
        precondition(localType < 16, "normal headers address local message types 0-15")
        self.localType = localType
        self.globalNumber = globalNumber
        self.fields = fields.map { Field(number: $0.0, type: $0.1) }
    }

    /// Size of one data message including its one-byte record header.
    var dataMessageSize: Int { 1 + fields.reduce(0) { $0 + $1.type.size } }

    /// Record header with the definition bit (0x40), then reserved, architecture (0 = little-endian),
    /// global message number, field count and three bytes per field. With developer fields (FIT 2.0:
    /// field number, size, developer data index), the header's bit 0x20 and their list after the fields.
    func appendDefinition(to bytes: inout [UInt8], developerFields: [(number: UInt8, size: UInt8, index: UInt8)] = []) {
        bytes.append(0x40 | (developerFields.isEmpty ? 0 : 0x20) | localType)
        bytes.append(0)
        bytes.append(0)
        bytes.append(UInt8(globalNumber & 0xFF))
        bytes.append(UInt8(globalNumber >> 8))
        bytes.append(UInt8(fields.count))
        for f in fields { bytes += [f.number, UInt8(f.type.size), f.type.rawValue] }
        guard !developerFields.isEmpty else { return }
        bytes.append(UInt8(developerFields.count))
        for f in developerFields { bytes += [f.number, f.size, f.index] }
    }

    /// A data message: the normal record header, then one value per field (nil = invalid).
    func appendData(_ values: [Int64?], to bytes: inout [UInt8]) {
        precondition(values.count == fields.count, "one value per field of global message \(globalNumber)")
        bytes.append(localType)
        for (field, value) in zip(fields, values) { field.type.append(value, to: &bytes) }
    }
}
