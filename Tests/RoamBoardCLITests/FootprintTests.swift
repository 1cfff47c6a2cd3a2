import Glibc
import Testing

/// The board's binary needs no Foundation (issue 25): with it, ICU's tables made the arm64 binary
/// 57 MB and the recorder's resident memory 29 MB. The native build links the Swift runtime
/// dynamically, so a Foundation import anywhere shows as a library the binary needs; the .deb's
/// static arm64 binary is checked for the same by scripts/test-arm64, with its size limits.
@Suite struct FootprintTests {
    @Test("roam-board needs no Foundation library, not even FoundationEssentials")
    func binaryNeedsNoFoundation() throws {
        let needed = try Self.neededLibraries(CLIRunner.binary.path)
        #expect(!needed.isEmpty, "the ELF reader found no NEEDED entry at all; it is reading the wrong thing")
        #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "\(needed)")
        #expect(!needed.contains { $0.contains("Foundation") || $0.contains("icu") }, "\(needed)")
    }

    /// Swift imports _StringProcessing into every module unless told not to (Package.swift); one call
    /// into it (a string's `contains` of a string, `firstRange(of:)`) links it and _RegexParser into the
    /// .deb's static binary, 1.3 MB of it (docs/BENCHMARKS.md, "A binary without _StringProcessing").
    @Test("roam-board needs neither _StringProcessing nor _RegexParser")
    func binaryNeedsNoStringProcessing() throws {
        let needed = try Self.neededLibraries(CLIRunner.binary.path)
        #expect(needed.contains { $0.hasPrefix("libswiftCore") }, "\(needed)")
        #expect(!needed.contains { $0.contains("_StringProcessing") || $0.contains("_RegexParser") }, "\(needed)")
    }

    /// The DT_NEEDED names of a 64-bit little-endian ELF file, read from its dynamic section
    /// (only the headers and the two sections are read: a debug binary is hundreds of MB).
    static func neededLibraries(_ path: String) throws -> [String] {
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        func read(_ offset: Int, _ count: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return Array(bytes.prefix(max(0, n)))
        }
        func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        func u32(_ b: [UInt8], _ o: Int) -> Int { u16(b, o) | u16(b, o + 2) << 16 }
        func u64(_ b: [UInt8], _ o: Int) -> Int { u32(b, o) | u32(b, o + 4) << 32 }
        let header = read(0, 64)
        try #require(header.count == 64 && header[0...3] == [0x7F, 0x45, 0x4C, 0x46] && header[4] == 2 && header[5] == 1)
        let sectionSize = u16(header, 0x3A), sectionCount = u16(header, 0x3C)
        let table = read(u64(header, 0x28), sectionSize * sectionCount)
        func section(_ i: Int) -> (type: Int, offset: Int, size: Int, link: Int) {
            let o = i * sectionSize
            return (u32(table, o + 4), u64(table, o + 0x18), u64(table, o + 0x20), u32(table, o + 0x28))
        }
        var names: [String] = []
        for i in 0..<sectionCount where section(i).type == 6 {  // SHT_DYNAMIC
            let dynamic = section(i), strings = section(dynamic.link)
            let entries = read(dynamic.offset, dynamic.size), text = read(strings.offset, strings.size)
            for entry in stride(from: 0, to: entries.count - 15, by: 16) where u64(entries, entry) == 1 {  // DT_NEEDED
                let start = u64(entries, entry + 8)
                let end = text[start...].firstIndex(of: 0) ?? start
                names.append(String(decoding: text[start..<end], as: UTF8.self))
            }
        }
        return names
    }
}
