import Foundation
import RoamCore
@testable import RoamStore
import Testing

/// A ride recording when the board was switched off under the previous version resumes under this
/// one: its row holds the state as packed JSON, the next batch writes it in the compact layout.
@Suite struct PipelineStateResumeTests {
    /// `rides.pipeline_state` as the previous version (main at 2148cbc, packed JSON against preset
    /// dictionary 1) committed it: the bench ride's 2 081st fix, barometer on, the recorder killed
    /// (SIGKILL) mid-ride, read back with `sqlite3 rides.db "SELECT hex(pipeline_state) FROM rides"`.
    static let previousVersionState = [
        "01C5965B6EE3300C4537D408BC7C733FDDC5A07B1F3AA99F890BB42E6698FC249225919275CE9F533A28DB407246881745E6392D14553013",
        "870AEBE198715152C772DA100965E5FBBF5B9ADCC0A3A8DBA488BC7A40FD0DBE5C59DD05FE0035928A96909740AAA957ACBDF81C50DAF581",
        "FA82A9E9378BCFB0526014FB725FBDCF8FB82D18FB1CE25B30BBB6BB2F61776DC87F0F438DAE2C2333E5112BD2BA45D38CE18F88B75F2CDC",
        "334CFFC74A161833257EC0E36BB3AFBCC6DB979F1DCDF1039A8F7415EBAF3B59406246EE0040466CE4080DA4CD101E4CA2D90FB916A990EE",
        "A87C63900E635725C1B4697EE0F42D861269DF13E0008CEA5C12EE5BDFD3C9BCC14769E8F6F0A4AEF6673C4BC408E9E5534F44CE61C24B8A",
        "54C2CEAC1E9D6A67599B14C12C8A2E8B512AF63932D9E8E4C29232D489EC90220FEFE2785A99444FA02FD4E4E2157DAA2E69D8C8CBAB1B79",
        "6733D8DA8C4B8CA9738249EF87E1FDEB4B7B911D70273AACEBE8346D836CE5A7DFA19DFF3CDEA9BD02EDB404AB551456AD60C59346F08933",
        "00524FDAD0ABDC99030EE6D03421E1089B23372A81943ADA047F7CFC05000000000000000000000000000000000000000000000000000000",
    ].joined()

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = [], digits = Array(hex.utf8)
        if digits.count % 2 == 1 { digits.removeLast() }
        for i in stride(from: 0, to: digits.count, by: 2) { out.append(UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16)!) }
        return out
    }

    @Test("A database whose ride row the previous version wrote resumes, and its next batch lands in the new layout")
    func previousVersionRowResumes() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path()
        let old = Self.bytes(Self.previousVersionState)
        #expect(old.count == 448 && old.first == PresetDictionary.pipelineState1.rawValue)
        do {
            let (store, ride) = try Sample.startedStore(at: path)
            let update = try store.connection.prepare("UPDATE rides SET pipeline_state = ?1 WHERE id = ?2")
            try update.bind(old, at: 1)
            try update.bind(ride.id, at: 2)
            try update.run()
            store.close()
        }
        let store = try RideStore(path: path)
        defer { store.close() }
        let resumed = try #require(try store.activeRide())
        let state = resumed.pipelineState
        #expect(state.nextSeq == 2081 && state.totals.fixCount == 2081)
        #expect(abs(state.totals.distanceM - 12_372.51) < 0.01, "\(state.totals.distanceM)")
        #expect(state.hasBarometer && state.totals.ascentM != nil && state.clock.lastTimed?.utcMs != nil)
        let asJSON = try PipelineJSON().decode(PipelineState.self, from: try PackedText.unpack(old))
        #expect(state == asJSON)

        let batch = Sample.batch(ride: resumed.id, seqs: 2081..<2084, after: state)
        try store.commit(batch, commitUTCms: 1_717_936_100_000)
        #expect(try store.connection.singleText("SELECT hex(substr(pipeline_state, 1, 1)) FROM rides") == "81")
        let next = try #require(try store.activeRide())
        #expect(next.pipelineState == batch.state && next.pipelineState.nextSeq == 2084)
        #expect(next.pipelineState.totals.fixCount == 2084)
    }
}
