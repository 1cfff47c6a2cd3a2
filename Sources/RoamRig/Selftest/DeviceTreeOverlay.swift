/// The parameters a device tree overlay (.dtbo, a flattened device tree: Devicetree Specification,
/// "Flattened Devicetree (DTB) Format") declares: the properties of its `__overrides__` node. A dtparam
/// line after `dtoverlay=NAME` goes to NAME when NAME has a parameter of that name (Raspberry Pi
/// documentation, "DT parameters": "the parameter in the overlay takes precedence").
enum DeviceTreeOverlay {
    static let magic = 0xd00d_feed
    enum Token: Int { case beginNode = 1, endNode = 2, property = 3, nop = 4, end = 9 }

    /// nil when `bytes` is not a well-formed flattened device tree.
    static func parameters(_ bytes: [UInt8]) -> Set<String>? {
        func word(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        func string(_ at: Int) -> String? {
            guard at >= 0, at < bytes.count, let end = bytes[at...].firstIndex(of: 0) else { return nil }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }
        guard word(0) == magic, var at = word(8), let strings = word(12) else { return nil }
        var path: [String] = [], names: Set<String> = []
        while let value = word(at), let token = Token(rawValue: value) {
            at += 4
            switch token {
            case .beginNode:
                guard let name = string(at) else { return nil }
                path.append(name)
                at += (name.utf8.count + 4) & ~3  // the name, its NUL, padded to 4 bytes
            case .endNode:
                guard path.popLast() != nil else { return nil }
            case .property:
                guard let length = word(at), let name = word(at + 4).flatMap({ string(strings + $0) }) else { return nil }
                if path.count == 2, path[1] == "__overrides__" { names.insert(name) }
                at += 8 + ((length + 3) & ~3)
            case .nop: continue
            case .end: return names
            }
        }
        return nil
    }
}
