import RoamCore
import Testing
@testable import RoamStore

/// `PackedJSON`: the stored form of the ride row's JSON columns, and what a damaged one says.
@Suite struct PackedJSONTests {
    @Test func packsToLessThanHalfAndBack() throws {
        let json = try PipelineJSON().encode(PipelineParameters())
        let packed = try PackedJSON.pack(json, with: .parameters1)
        #expect(packed.first == PresetDictionary.parameters1.rawValue)
        #expect(packed.count * 2 < json.utf8.count)
        #expect(try PackedJSON.unpack(packed) == json)
        // Any text packs, keys the dictionary has never seen included.
        let other = #"{"a":[1,2,3],"é":"ünïcode"}"#
        #expect(try PackedJSON.unpack(try PackedJSON.pack(other, with: .pipelineState1)) == other)
    }

    @Test func damagedValuesAreSaidInWords() throws {
        let packed = try PackedJSON.pack(try PipelineJSON().encode(PipelineParameters()), with: .parameters1)
        func problem(_ bytes: [UInt8]) -> String {
            do { _ = try PackedJSON.unpack(bytes); return "none" } catch { return "\(error)" }
        }
        #expect(problem([]) == "is an empty BLOB")
        #expect(problem([9] + packed.dropFirst()).contains("preset dictionary 9, which this build does not know"))
        let streamEnd = packed.lastIndex { $0 != 0 }!
        #expect(problem(Array(packed[...(streamEnd - 8)])).contains("truncated"))
        #expect(problem(packed + [0, 0, 7]).contains("bytes after its deflate stream that are not padding"))
        #expect(problem([1, 0xFF, 0xFF, 0xFF, 0xFF]).contains("is not a deflate stream"))
        // The other dictionary inflates to other text or fails; it never gives these parameters back.
        let swapped = [PresetDictionary.pipelineState1.rawValue] + packed.dropFirst()
        let original = try PackedJSON.unpack(packed)
        #expect((try? PackedJSON.unpack(swapped)) != original)
    }

    @Test("A ride whose packed state is damaged is a corrupt row naming the ride, and the others still read")
    func damagedRowIsNamed() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<2), commitUTCms: 100)
        try store.stopRide(id: ride.id, endedUTCms: 200)
        let second = try store.startRide(startedMonoNs: 9_000, parameters: PipelineParameters())
        try store.connection.execute("UPDATE rides SET pipeline_state = x'01DEADBEEF' WHERE id = \(ride.id)")
        let error = try requireError(StoreError.self) { _ = try store.ride(id: ride.id) }
        #expect(error.description.contains("ride \(ride.id)"))
        #expect(error.description.contains("is not a deflate stream"))
        #expect(try store.activeRide()?.id == second.id)
    }

    @Test("Rows written before packing, with JSON text, read as they did")
    func textRowsStillRead() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let batch = Sample.batch(ride: ride.id, seqs: 0..<3)
        try store.commit(batch, commitUTCms: 100)
        let json = PipelineJSON()
        let update = try store.connection.prepare("UPDATE rides SET pipeline_state = ?1, parameters = ?2 WHERE id = ?3")
        try update.bind(try json.encode(batch.state), at: 1)
        try update.bind(try json.encode(PipelineParameters()), at: 2)
        try update.bind(ride.id, at: 3)
        try update.run()
        #expect(try store.connection.singleText("SELECT typeof(pipeline_state) FROM rides") == "text")
        let row = try #require(try store.ride(id: ride.id))
        #expect(row.pipelineState == batch.state)
        #expect(row.parameters == PipelineParameters())
    }
}
