/// The mounts a process sees (/proc/self/mountinfo), as far as telling where a folder's writes
/// end up needs them. Pure: the text comes in, so tests give any machine's.
public struct MountTable: Sendable, Equatable {
    public struct Mount: Sendable, Equatable {
        /// "major:minor", as mountinfo prints the file system's device (stat's st_dev).
        public var device: String
        public var mountPoint: String
        public var fileSystem: String
        /// The file system's own options (after its source): an overlay's upperdir= is one.
        public var superOptions: [String]

        /// The value of `name=` among the super options, nil when absent.
        public func option(_ name: String) -> String? {
            superOptions.last { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
        }
    }

    public var mounts: [Mount]

    /// Each line: ID PARENT MAJOR:MINOR ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS.
    /// A line that does not parse is skipped (a newer kernel may add fields; none is ours to judge).
    public init(mountinfo: String) {
        mounts = mountinfo.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 10, let dash = fields[6...].firstIndex(of: "-"), dash + 3 < fields.count else { return nil }
            return Mount(device: String(fields[2]), mountPoint: Self.unescaped(fields[4]), fileSystem: String(fields[dash + 1]),
                         superOptions: fields[dash + 3].split(separator: ",").map { Self.unescaped($0) })
        }
    }

    /// The kernel's "major:minor" of a dev_t as stat gives it (glibc's gnu_dev_major and gnu_dev_minor).
    public static func deviceText(_ dev: UInt64) -> String {
        let major = ((dev & 0x0000_0000_000F_FF00) >> 8) | ((dev & 0xFFFF_F000_0000_0000) >> 32)
        let minor = (dev & 0x0000_0000_0000_00FF) | ((dev & 0x0000_0FFF_FFF0_0000) >> 12)
        return "\(major):\(minor)"
    }

    /// The mount that holds `path`: the longest mount point it lies under; of two at one point the
    /// later, mounted over the other. `path` is absolute and resolved (no symbolic link, "." or "..").
    public func holder(of path: String) -> Mount? {
        var best: Mount?
        for mount in mounts where Self.lies(path, under: mount.mountPoint) {
            if best == nil || mount.mountPoint.utf8.count >= best!.mountPoint.utf8.count { best = mount }
        }
        return best
    }

    static func lies(_ path: String, under mountPoint: String) -> Bool {
        mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
    }

    /// mountinfo writes a space, tab, newline, backslash (and, in options, a comma) as \ and three octal digits.
    static func unescaped(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), i + 3 < bytes.count, let value = octal(bytes[(i + 1)..<(i + 4)]) {
                out.append(value)
                i += 4
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3 else { return nil }
        var value = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(d - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }
}
