import RoamCore

// libFuzzer target for the receiver's byte stream: framer, decoder and epoch assembler
// (`NMEAStream`), then the ride pipeline on the epochs they produce. Built by scripts/fuzz with
// `--sanitize=fuzzer`; in a normal build this file is an executable that does nothing.
//
// Besides "never traps", it checks one property the recorder relies on: the epochs and counters
// do not depend on how the UART chopped the bytes (one read, or reads of 1...16 bytes whose size
// comes from the input's first byte, so the fuzzer explores the split points too).
//
// A mutated sentence almost never keeps a valid checksum, so the decoders would only ever see
// the seeds' field values. The input therefore runs a second time with every `$...*hh` checksum
// recomputed, and the epochs of that pass go through the ride pipeline.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEAStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)

    var whole = NMEAStream()
    let epochs = whole.feed(input) + whole.finish()

    var chunked = NMEAStream()
    var chunkedEpochs: [Epoch] = []
    let step = size > 0 ? Int(input[0] % 16) + 1 : 1
    var start = 0
    while start < size {
        let end = min(size, start + step)
        chunkedEpochs += chunked.feed(UnsafeBufferPointer(rebasing: input[start..<end]))
        start = end
    }
    chunkedEpochs += chunked.finish()
    if chunked.counters != whole.counters || !sameEpochs(chunkedEpochs, epochs) {
        fatalError("NMEAStream depends on chunking (\(step)-byte reads): \(chunked.counters) vs \(whole.counters)")
    }

    var repaired = NMEAStream()
    let repairedEpochs = repairingChecksums(input) { repaired.feed($0) } + repaired.finish()

    // Whatever the receiver says, the pipeline takes it: one epoch a second, and a barometer that
    // follows the GNSS altitude (about 12 Pa per metre) within the BMP280's 300-1100 hPa range,
    // so the climb counter sees fuzzed values too.
    var pipeline = RidePipeline(rideID: 1, state: PipelineState())
    var monoNs: UInt64 = 1_000_000_000
    for epoch in repairedEpochs {
        monoNs += 1_000_000_000
        let pressurePa = min(max(95_000 - 12 * (epoch.altMSLm ?? 0), 30_000), 110_000)
        let sample = BarometerSample(pressurePa: pressurePa, temperatureC: 20, monoNs: monoNs)
        _ = pipeline.process(SensorEpoch(epoch: epoch, monoNs: monoNs, barometer: sample))
    }
    return 0
}

/// Equal epochs, except that NaN fields compare equal to NaN (`==` on Double says no).
private func sameEpochs(_ a: [Epoch], _ b: [Epoch]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || String(describing: $0) == String(describing: $1) }
}

/// Calls `body` with a copy of `input` in which the two characters after each sentence's `*` hold
/// the XOR of the bytes between `$` and `*`, as a receiver would have sent them.
private func repairingChecksums<R>(_ input: UnsafeBufferPointer<UInt8>, _ body: ([UInt8]) -> R) -> R {
    var bytes = Array(input)
    let hex = Array("0123456789ABCDEF".utf8)
    var i = 0
    while i < bytes.count {
        guard bytes[i] == UInt8(ascii: "$") else { i += 1; continue }
        var sum: UInt8 = 0
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "*"), bytes[j] != UInt8(ascii: "$"),
              bytes[j] != 0x0D, bytes[j] != 0x0A {
            sum ^= bytes[j]
            j += 1
        }
        if j + 2 < bytes.count, bytes[j] == UInt8(ascii: "*") {
            bytes[j + 1] = hex[Int(sum >> 4)]
            bytes[j + 2] = hex[Int(sum & 0x0F)]
        }
        i = j
    }
    return body(bytes)
}
