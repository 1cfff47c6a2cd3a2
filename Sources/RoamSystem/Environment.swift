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

    /// `entries` with `name` set to `value` (replaced if present): the environment for a child.
    public static func entries(setting name: String, to value: String) -> [String] {
        entries.filter { !$0.hasPrefix(name + "=") } + ["\(name)=\(value)"]
    }
}
