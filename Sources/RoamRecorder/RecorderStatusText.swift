import RoamHardware

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
        add("receiver_setups_again", receiverSetupAgain?.count)
        add("receiver_setup_again_mono_ns", receiverSetupAgain?.monoNs)
        add("receiver_setup_again_utc_ms", receiverSetupAgain?.utcMs)
        if let cause = receiverSetupAgain?.cause { lines.append("receiver_setup_again_cause=" + Self.oneLine(cause, limit: Self.causeLimit)) }
        if let delivers = receiverSetupAgain?.delivers { lines.append("receiver_delivers=" + Self.oneLine(delivers, limit: Self.deliversLimit)) }
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
        if let count = values["receiver_setups_again"].flatMap({ Int($0) }) {
            receiverSetupAgain = ReceiverSetupAgain(cause: values["receiver_setup_again_cause"] ?? "", count: count,
                                                    monoNs: values["receiver_setup_again_mono_ns"].flatMap { UInt64($0) } ?? 0,
                                                    utcMs: values["receiver_setup_again_utc_ms"].flatMap { Int64($0) } ?? 0,
                                                    delivers: values["receiver_delivers"])
        }
    }

    /// The longest a free text stays (an error, the storage note), the receiver's set-up cause
    /// (every cause `GNSSReceiver` makes is about 110 bytes) and what it delivers (under 120): with
    /// each at its longest the status still fits one slot of the status file whole (`RecorderStatusFile.slotSize`).
    static let textLimit = 440
    static let causeLimit = 160
    static let deliversLimit = 120

    /// Values stay on one line and within `limit` bytes; a longer one is cut at a word where there
    /// is one near the end, and says so ("…").
    static func oneLine(_ s: String, limit: Int = textLimit) -> String {
        // Most values (all the numbers) need nothing: no walk over their Characters.
        if s.utf8.count <= limit && !s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return s }
        let flat = String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        guard flat.utf8.count > limit else { return flat }
        var end = flat.startIndex, bytes = "…".utf8.count
        while end < flat.endIndex, bytes + flat[end].utf8.count <= limit {
            bytes += flat[end].utf8.count
            end = flat.index(after: end)
        }
        var kept = flat[..<end]
        if let space = kept.lastIndex(of: " "), kept.distance(from: space, to: kept.endIndex) < 40 { kept = kept[..<space] }
        return kept + "…"
    }
}
