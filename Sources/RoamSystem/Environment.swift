import Glibc

/// This process's environment, read without Foundation.
public enum Environment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every "NAME=value" entry, in the order the process received them.
    public static var entries: [String] {
        var list: [String] = []
        var p = environ
        while let entry = p.pointee {
            list.append(String(cString: entry))
            p += 1
        }
        return list
    }
}
