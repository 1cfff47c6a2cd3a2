/// The free space every writer beside the recorder leaves on the data folder's storage: the
/// recorder's own low-storage floor (`LowStorageRule.minFreeBytes`), what `drive-image` leaves
/// (`DriveImageBuilder.reserveBytes`), where `import` stops, and what `selftest` asks of the data
/// folder. One number, so nothing run beside a ride takes the room the ride is written into.
public enum RecordingReserve {
    public static let bytes: Int64 = 64 << 20
}
