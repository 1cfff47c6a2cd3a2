import Glibc

/// The kernel's memory page: 4 KiB on x86-64 and most arm64 kernels, 16 KiB on a Raspberry Pi 5's.
public enum MemoryPage {
    public static let bytes = Int(sysconf(Int32(_SC_PAGESIZE)))
}
