import RoamCore

/// The parking space (P3): items a failed commit keeps, oldest first, packed one after another in
/// one byte buffer and decoded only when a commit is tried again. As `[SensorItem]` an epoch held
/// every field inline, absent or not, and each sentence as a String of its own on the heap; packed,
/// it is the fields it has and its sentences' bytes, which come back exactly as they arrived.
struct ParkedItems {
    private var bytes: [UInt8] = []
    /// Where each packed item starts in `bytes`, in arrival order.
    private var starts: [Int] = []
    /// Items after the packed ones, not packed yet: a hand-over committed at once is never packed.
    private var recent: [SensorItem] = []
    /// Epochs among the items (what `CommitLoop.Options.parkedEpochLimit` bounds).
    private(set) var epochs = 0

    var count: Int { starts.count + recent.count }
    var isEmpty: Bool { count == 0 }
    var presses: Int { (0..<count).reduce(0) { $0 + (isPress(at: $1) ? 1 : 0) } }

    mutating func append(contentsOf items: [SensorItem]) {
        recent.append(contentsOf: items)
        epochs += items.reduce(0) { $0 + ($1.isEpoch ? 1 : 0) }
    }

    /// Packs the items not packed yet (a commit failed: they wait).
    mutating func pack() {
        for item in recent { packed(item) }
        recent.removeAll(keepingCapacity: true)
    }

    /// `item` before everything parked (a restart's gap, which comes first).
    mutating func prepend(_ item: SensorItem) {
        let old = self
        self = ParkedItems()
        packed(item)
        if item.isEpoch { epochs += 1 }
        copy(old, from: 0)
    }

    func isPress(at index: Int) -> Bool {
        index < starts.count ? ParkedItemCoding.isPress(tag: bytes[starts[index]]) : recent[index - starts.count].isPress
    }

    func isEpoch(at index: Int) -> Bool {
        index < starts.count ? ParkedItemCoding.isEpoch(tag: bytes[starts[index]]) : recent[index - starts.count].isEpoch
    }

    subscript(index: Int) -> SensorItem {
        guard index < starts.count else { return recent[index - starts.count] }
        var reader = ParkedItemCoding.Reader(bytes: bytes, at: starts[index])
        return ParkedItemCoding.decode(&reader)
    }

    /// The end of the items from `start` on, before `limit`, that hold at most `epochs` epochs.
    func end(from start: Int, before limit: Int, epochs most: Int) -> Int {
        var end = start, taken = 0
        while end < limit {
            if isEpoch(at: end) { if taken == most { break }; taken += 1 }
            end += 1
        }
        return end
    }

    /// The items of `range`, decoded.
    func items(_ range: Range<Int>) -> [SensorItem] { range.map { self[$0] } }

    /// Drops the items before `index` (committed).
    mutating func removeFirst(_ index: Int) {
        guard index > 0 else { return }
        let old = self
        self = ParkedItems()
        copy(old, from: index)
    }

    /// Drops the `count` oldest epochs, never a press or a gap marker; returns how many it dropped.
    mutating func dropOldestEpochs(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        let old = self
        self = ParkedItems()
        var dropped = 0
        for index in 0..<old.count {
            if dropped < count && old.isEpoch(at: index) { dropped += 1; continue }
            copy(old, item: index)
        }
        return dropped
    }

    /// Everything landed: the packed bytes' memory goes back too.
    mutating func removeAll() {
        bytes = []; starts = []; epochs = 0
        recent.removeAll(keepingCapacity: true)
    }

    private mutating func packed(_ item: SensorItem) {
        starts.append(bytes.count)
        ParkedItemCoding.encode(item, into: &bytes)
    }

    private mutating func copy(_ old: ParkedItems, from first: Int) {
        for index in first..<old.count { copy(old, item: index) }
    }

    /// One item of `old` as it is kept there: packed bytes copied without decoding, or unpacked.
    private mutating func copy(_ old: ParkedItems, item index: Int) {
        if old.isEpoch(at: index) { epochs += 1 }
        guard index < old.starts.count else { recent.append(old.recent[index - old.starts.count]); return }
        let end = index + 1 < old.starts.count ? old.starts[index + 1] : old.bytes.count
        starts.append(bytes.count)
        bytes += old.bytes[old.starts[index]..<end]
    }
}
