import Glibc

extension dirent {
    /// The entry's name, decoded in one place: `d_name` is a fixed C array ending at its first NUL,
    /// and a name that is not UTF-8 (a FAT stick's Latin-1) gets U+FFFD, never a crash.
    public var name: String {
        withUnsafeBytes(of: d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
