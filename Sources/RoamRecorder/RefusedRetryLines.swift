/// Which failed retries of one storage outage the recorder says (`RecorderEvent.commitFailed`).
/// A Pi keeps the journal in RAM (README: The journal is in RAM): a line at every retry, every 8 s
/// once the back-off caps (450 an hour), would push the outage's first lines, which name its cause,
/// out of it. So the first retries are said as they fail, then at most one a minute, and at once
/// when the words change (another cause). The alarm's own line and the status file say it all along.
struct RefusedRetryLines {
    /// Said as they fail: with the back-off from 0.25 s, the first 4 s or so of an outage.
    static let saidAtFirst = 5
    static let intervalNs: UInt64 = 60_000_000_000

    private var failures = 0
    private var lastSaidNs: UInt64 = 0
    private var lastWords: String?
    /// Failed retries since the last one said: the next line counts them.
    private(set) var unsaid = 0

    /// Counts the failure at `nowNs`, whose cause reads `words`; true when it is to be said.
    mutating func says(_ words: String, nowNs: UInt64) -> Bool {
        failures += 1
        let say = failures <= Self.saidAtFirst || words != lastWords || nowNs &- lastSaidNs >= Self.intervalNs
        lastWords = words
        guard say else { unsaid += 1; return false }
        lastSaidNs = nowNs
        return true
    }

    /// After a line was said: the retries it counted are said.
    mutating func said() { unsaid = 0 }
}
