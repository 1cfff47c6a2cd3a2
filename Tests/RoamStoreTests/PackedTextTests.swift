import Synchronization
import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `PackedText`: the stored form of the ride row's JSON columns, and what a damaged one says.
@Suite struct PackedTextTests {
    @Test func packsToLessThanHalfAndBack() throws {
        let json = try PipelineJSON().encode(PipelineParameters())
        let packed = try PackedText.pack(json, with: .parameters1)
        #expect(packed.first == PresetDictionary.parameters1.rawValue)
        #expect(packed.count * 2 < json.utf8.count)
        #expect(try PackedText.unpack(packed) == json)
        // Any text packs, keys the dictionary has never seen included.
        let other = #"{"a":[1,2,3],"é":"ünïcode"}"#
        #expect(try PackedText.unpack(try PackedText.pack(other, with: .pipelineState1)) == other)
    }

    @Test("The deflate stream kept between values packs each so that it reads back as it was, whatever came between")
    func aReusedStreamPacksEveryValueWhole() throws {
        let nmea = "$GNRMC,101500.00,A,4807.038,N,01131.000,E,12.5,84.4,230394,,,A*6A\n$GNGGA,101500.00,4807.038,N"
        let json = try PipelineJSON().encode(PipelineParameters())
        for i in 0..<3 {
            let big = String(repeating: "AB\(i)", count: 1000)
            #expect(try PackedText.unpack(PackedText.pack(big, with: .nmea1)) == big)
            let packedJSON = try PackedText.pack(json, with: .parameters1, paddedTo: PackedText.rowStep)
            #expect(packedJSON.count % PackedText.rowStep == 0)
            #expect(try PackedText.unpack(packedJSON) == json)
            #expect(try PackedText.unpack(PackedText.pack(nmea, with: .nmea1)) == nmea)
        }
        // Threads packing at once each get a stream of their own.
        let results = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let text = nmea + String(repeating: "\(i)", count: i * 50)
            let back = (try? PackedText.pack(text, with: .nmea1)).flatMap { try? PackedText.unpack($0) }
            results.withLock { $0.append(back == text ? "ok" : "thread \(i): \(back ?? "nil")") }
        }
        #expect(results.withLock { $0 }.sorted() == Array(repeating: "ok", count: 8))
    }

    @Test func damagedValuesAreSaidInWords() throws {
        let packed = try PackedText.pack(try PipelineJSON().encode(PipelineParameters()), with: .parameters1)
        func problem(_ bytes: [UInt8]) -> String {
            do { _ = try PackedText.unpack(bytes); return "none" } catch { return "\(error)" }
        }
        #expect(problem([]) == "is an empty BLOB")
        #expect(problem([9] + packed.dropFirst()).contains("preset dictionary 9, which this build does not know"))
        let streamEnd = packed.lastIndex { $0 != 0 }!
        #expect(problem(Array(packed[...(streamEnd - 8)])).contains("truncated"))
        #expect(problem(packed + [0, 0, 7]).contains("bytes after its deflate stream that are not padding"))
        #expect(problem([1, 0xFF, 0xFF, 0xFF, 0xFF]).contains("is not a deflate stream"))
        // The other dictionary inflates to other text or fails; it never gives these parameters back.
        let swapped = [PresetDictionary.pipelineState1.rawValue] + packed.dropFirst()
        let original = try PackedText.unpack(packed)
        #expect((try? PackedText.unpack(swapped)) != original)
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

/// P4 with packed NMEA: what the receiver sent comes back byte for byte, from every receiver.
@Suite struct PackedNMEATests {
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Data/gpsd").standardizedFileURL

    @Test("Every line of the 22 gpsd captures is stored packed and reads back as it arrived, in under 60 % of the bytes")
    func everyCaptureRoundTrips() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.captures.path).filter { $0.hasSuffix(".log") }.sorted()
        #expect(files.count == 22)
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        var written: [FixRecord] = [], textBytes = 0, seq: Int64 = 0
        for file in files {
            let bytes = try Data(contentsOf: Self.captures.appendingPathComponent(file))
            // Lines as the framer hands them over: split at LF, CR kept when the capture has one
            // mid-line, any byte that is not UTF-8 already replaced (sentences are Swift strings).
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            for start in stride(from: 0, to: lines.count, by: 4) {
                let chunk = Array(lines[start..<min(start + 4, lines.count)])
                // A file's last LF leaves one empty line, which is no sentence (stored text "" is none).
                guard chunk != [""] else { continue }
                var fix = Sample.fullFix(ride: ride.id, seq: seq)
                fix.epoch.sentences = chunk
                textBytes += fix.epoch.sentences.joined(separator: "\n").utf8.count
                written.append(fix)
                seq += 1
            }
        }
        var state = PipelineState()
        state.nextSeq = seq
        try store.commit(Batch(rideID: ride.id, fixes: written, events: [], state: state), commitUTCms: 1)
        var read: [FixRecord] = []
        try RideReader(path: dir.path()).forEachFix(ride: ride.id) { read.append($0) }
        #expect(read.count == written.count)
        let mismatched = zip(read, written).filter { $0.epoch.sentences != $1.epoch.sentences }.map(\.0.seq)
        #expect(mismatched.isEmpty, "fixes whose sentences differ: \(mismatched.prefix(10))")
        let stored = try store.connection.singleText("SELECT sum(length(nmea)) FROM fixes WHERE typeof(nmea) = 'blob'") ?? ""
        let packedBytes = Int(stored) ?? -1
        print("nmea of \(written.count) epochs from 22 receivers: \(textBytes) B as text, \(packedBytes) B packed")
        #expect(packedBytes > 0 && packedBytes * 10 < textBytes * 6)
    }

    @Test("A fix stored before packing, with its NMEA as text, reads as it did")
    func textNMEAStillReads() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let batch = Sample.batch(ride: ride.id, seqs: 0..<1)
        try store.commit(batch, commitUTCms: 1)
        // Raw columns cannot be updated (P4): the old row is made by lifting the guard in this copy only.
        try store.connection.execute("DROP TRIGGER fixes_raw_immutable")
        let text = batch.fixes[0].epoch.sentences.joined(separator: "\n")
        let update = try store.connection.prepare("UPDATE fixes SET nmea = ?1")
        try update.bind(text, at: 1)
        try update.run()
        #expect(try store.connection.singleText("SELECT typeof(nmea) FROM fixes") == "text")
        var read: [FixRecord] = []
        try RideReader(path: dir.path()).forEachFix(ride: ride.id) { read.append($0) }
        #expect(read.map(\.epoch.sentences) == [batch.fixes[0].epoch.sentences])
        #expect(!text.isEmpty)
    }

    @Test("A fix whose packed NMEA is damaged is a corrupt row naming the fix, in words")
    func damagedNMEAIsNamed() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<3), commitUTCms: 1)
        try store.connection.execute("DROP TRIGGER fixes_raw_immutable")
        try store.connection.execute("UPDATE fixes SET nmea = x'03DEADBEEF' WHERE seq = 1")
        let reader = try RideReader(path: dir.path())
        let error = try requireError(StoreError.self) { try reader.forEachFix(ride: ride.id) { _ in } }
        #expect(error.description.contains("ride \(ride.id) seq 1"))
        #expect(error.description.contains("is not a deflate stream"))
    }
}
