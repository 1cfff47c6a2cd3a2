import RoamCore

/// The parking space (P3): items a failed commit keeps, oldest first, packed one after another in
/// byte blocks and decoded only when a commit is tried again. As `[SensorItem]` an epoch held
/// every field inline, absent or not, and each sentence as a String of its own on the heap; packed,
/// it is the fields it has and its sentences' bytes, which come back exactly as they arrived.
struct ParkedItems {
    /// Blocks of about `blockBytes`, no item split between two: the space grows without copying
    /// what it holds (one growing array copies all of it at each doubling, twice the memory for a moment).
    private var blocks: [[UInt8]] = []
    private static let blockBytes = 1 << 20
    /// Where each packed item starts, in arrival order: its block in the high 32 bits, its offset in the low.
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
        index < starts.count ? ParkedItemCoding.isPress(tag: packedBytes(index).first!) : recent[index - starts.count].isPress
    }

    func isEpoch(at index: Int) -> Bool {
        index < starts.count ? ParkedItemCoding.isEpoch(tag: packedBytes(index).first!) : recent[index - starts.count].isEpoch
    }

    subscript(index: Int) -> SensorItem {
        guard index < starts.count else { return recent[index - starts.count] }
        let bytes = packedBytes(index)
        var reader = ParkedItemCoding.Reader(bytes: bytes, at: bytes.startIndex)
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
        blocks = []; starts = []; epochs = 0
        recent.removeAll(keepingCapacity: true)
    }

    private mutating func packed(_ item: SensorItem) {
        startItem()
        ParkedItemCoding.encode(item, into: &blocks[blocks.count - 1])
    }

    /// Notes where the next item starts: in the last block, or a new one when that is (nearly) full.
    private mutating func startItem() {
        if blocks.last.map({ $0.count > Self.blockBytes - 2048 }) ?? true {
            var block: [UInt8] = []
            block.reserveCapacity(Self.blockBytes)
            blocks.append(block)
        }
        starts.append((blocks.count - 1) << 32 | blocks[blocks.count - 1].count)
    }

    private func packedBytes(_ index: Int) -> ArraySlice<UInt8> {
        let block = starts[index] >> 32, start = starts[index] & 0xFFFF_FFFF
        let next = index + 1 < starts.count && starts[index + 1] >> 32 == block ? starts[index + 1] & 0xFFFF_FFFF : nil
        return blocks[block][start..<(next ?? blocks[block].count)]
    }

    private mutating func copy(_ old: ParkedItems, from first: Int) {
        for index in first..<old.count { copy(old, item: index) }
    }

    /// One item of `old` as it is kept there: packed bytes copied without decoding, or unpacked.
    private mutating func copy(_ old: ParkedItems, item index: Int) {
        if old.isEpoch(at: index) { epochs += 1 }
        guard index < old.starts.count else { recent.append(old.recent[index - old.starts.count]); return }
        startItem()
        blocks[blocks.count - 1] += old.packedBytes(index)
    }
}
