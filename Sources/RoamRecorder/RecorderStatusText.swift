/// The status file's payload: `key=value` lines, readable with `cat` and stable across versions
/// (unknown keys are ignored, missing ones keep their defaults).
extension RecorderStatus {
    static let formatLine = "format=roam-board-status 1"

    var text: String {
        var lines = [Self.formatLine, "pid=\(pid)", "boot_id=\(bootID)", "updated_mono_ns=\(updatedMonoNs)",
                     "updated_utc_ms=\(updatedUTCms)"]
        func add(_ key: String, _ value: CustomStringConvertible?) {
            if let value { lines.append("\(key)=\(Self.oneLine(value.description))") }
        }
        add("ride", rideID)
        add("alarm", alarm?.cause.rawValue)
        add("alarm_since_mono_ns", alarm?.sinceMonoNs)
        add("alarm_since_utc_ms", alarm?.sinceUTCms)
        add("alarm_detail", alarm?.detail)
        add("parked_epochs", parkedEpochs)
        add("parked_batches", parkedBatches)
        add("lost_epochs_pending", lostEpochsPending)
        add("lost_epochs_total", lostEpochsTotal)
        add("lost_at_exit_epochs", lostAtExitEpochs)
        add("lost_at_exit_presses", lostAtExitPresses)
        add("committed_batches", committedBatches)
        add("last_commit_mono_ns", lastCommitMonoNs)
        add("last_commit_utc_ms", lastCommitUTCms)
        add("last_acked_seq", lastAckedSeq)
        add("last_error", lastError)
        add("storage_low", storageLow)
        return lines.joined(separator: "\n") + "\n"
    }

    init?(text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        guard values["format"] == "roam-board-status 1", let pid = values["pid"].flatMap({ Int32($0) }) else { return nil }
        self.init(pid: pid, bootID: values["boot_id"] ?? "")
        updatedMonoNs = values["updated_mono_ns"].flatMap { UInt64($0) } ?? 0
        updatedUTCms = values["updated_utc_ms"].flatMap { Int64($0) } ?? 0
        rideID = values["ride"].flatMap { Int64($0) }
        if let cause = values["alarm"].flatMap({ Alarm.Cause(rawValue: $0) }) {
            alarm = Alarm(cause: cause, sinceMonoNs: values["alarm_since_mono_ns"].flatMap { UInt64($0) } ?? 0,
                          sinceUTCms: values["alarm_since_utc_ms"].flatMap { Int64($0) } ?? 0,
                          detail: values["alarm_detail"] ?? "")
        }
        parkedEpochs = values["parked_epochs"].flatMap { Int($0) } ?? 0
        parkedBatches = values["parked_batches"].flatMap { Int($0) } ?? 0
        lostEpochsPending = values["lost_epochs_pending"].flatMap { Int($0) } ?? 0
        lostEpochsTotal = values["lost_epochs_total"].flatMap { Int($0) } ?? 0
        lostAtExitEpochs = values["lost_at_exit_epochs"].flatMap { Int($0) } ?? 0
        lostAtExitPresses = values["lost_at_exit_presses"].flatMap { Int($0) } ?? 0
        committedBatches = values["committed_batches"].flatMap { Int($0) } ?? 0
        lastCommitMonoNs = values["last_commit_mono_ns"].flatMap { UInt64($0) }
        lastCommitUTCms = values["last_commit_utc_ms"].flatMap { Int64($0) }
        lastAckedSeq = values["last_acked_seq"].flatMap { Int64($0) }
        lastError = values["last_error"]
        storageLow = values["storage_low"]
    }

    /// Values stay on one line and short enough for a slot of the status file.
    static func oneLine(_ s: String) -> String {
        // Most values (all the numbers) need nothing: no walk over their Characters.
        if s.utf8.count <= 600 && !s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return s }
        let flat = String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return flat.count > 600 ? String(flat.prefix(600)) + "…" : flat
    }
}
