import Testing
@testable import RoamCore

/// The datasheet's worked example (BST-BMP280-DS001): its calibration words with adc_T = 519888 and
/// adc_P = 415148 give 25.08 °C and 100 653.27 Pa, published to 0.01 °C and 0.01 Pa.
@Suite struct BMP280CompensationTests {
    let compensation = BMP280Compensation(calibration: .datasheetExample)
    let adcT: Int32 = 519_888
    let adcP: Int32 = 415_148

    @Test func integerTemperatureMatchesTheWorkedExample() {
        let (centidegrees, tFine) = compensation.temperatureInt32(adcT: adcT)
        #expect(centidegrees == 2508)
        #expect(tFine == 128_422)
    }

    @Test func integerPressureMatchesTheWorkedExample() throws {
        let (_, tFine) = compensation.temperatureInt32(adcT: adcT)
        let q24_8 = try #require(compensation.pressureInt64(adcP: adcP, tFine: tFine))
        // The §3.11.3 code, step by step, gives 25767233 / 256 = 100 653.254 Pa. The example's
        // 100 653.27 Pa comes from its floating-point column; the integer result is within 0.02 Pa.
        #expect(q24_8 == 25_767_233)
        #expect(abs(Double(q24_8) / 256 - 100_653.27) < 0.02)
    }

    @Test func doubleTemperatureMatchesTheWorkedExample() {
        let (celsius, tFine) = compensation.temperatureDouble(adcT: adcT)
        #expect((celsius * 100).rounded() / 100 == 25.08)
        #expect(tFine == 128_422)
    }

    @Test func doublePressureMatchesTheWorkedExample() throws {
        let (celsius, tFine) = compensation.temperatureDouble(adcT: adcT)
        // The worked example carries t_fine unrounded (128422.29): exactly its published 100 653.27 Pa.
        let unrounded = try #require(compensation.pressureDouble(adcP: adcP, tFine: celsius * 5120))
        #expect((unrounded * 100).rounded() / 100 == 100_653.27)
        // The §8.1 code truncates t_fine to 32 bits first, which costs 0.009 Pa.
        let truncated = try #require(compensation.pressureDouble(adcP: adcP, tFine: Double(tFine)))
        #expect(abs(truncated - unrounded) < 0.01)
        #expect((truncated * 100).rounded() / 100 == 100_653.26)
    }

    @Test func readingUsesTheIntegerPath() throws {
        let reading = try #require(compensation.reading(adcT: adcT, adcP: adcP))
        #expect(reading.temperatureC == 25.08)
        #expect(reading.pressurePa == 25_767_233.0 / 256)
    }

    @Test func skippedMeasurementGivesNoReading() {
        #expect(compensation.reading(adcT: adcT, adcP: BMP280Compensation.skippedADC) == nil)
        #expect(compensation.reading(adcT: BMP280Compensation.skippedADC, adcP: adcP) == nil)
    }

    @Test func zeroDigP1TripsTheDivisionGuardInsteadOfReturningZeroPascal() {
        var calibration = BMP280Calibration.datasheetExample
        calibration.digP1 = 0
        let broken = BMP280Compensation(calibration: calibration)
        #expect(broken.pressureInt64(adcP: adcP, tFine: 128_422) == nil)
        #expect(broken.pressureDouble(adcP: adcP, tFine: 128_422) == nil)
        #expect(broken.reading(adcT: adcT, adcP: adcP) == nil)
    }

    @Test func garbageFromTheBusNeverTraps() {
        // Extremes a glitching bus can deliver: the formulas wrap like the datasheet's C, they do not trap.
        var calibration = BMP280Calibration.datasheetExample
        calibration.digT1 = .max
        calibration.digT3 = .min
        let odd = BMP280Compensation(calibration: calibration)
        for adc: Int32 in [0, 1, 0xFFFFF, .max, .min] {
            _ = odd.reading(adcT: adc, adcP: adc)
            _ = odd.temperatureDouble(adcT: adc)
        }
    }

    @Test func calibrationRoundTripsThroughItsRegisterBytes() throws {
        let bytes = BMP280Calibration.datasheetExample.registers
        #expect(bytes.count == 24)
        // dig_T1 = 27504 = 0x6B70, little-endian at 0x88/0x89.
        #expect(bytes[0] == 0x70 && bytes[1] == 0x6B)
        // dig_T3 = -1000 = 0xFC18 (signed short) at 0x8C/0x8D.
        #expect(bytes[4] == 0x18 && bytes[5] == 0xFC)
        let decoded = try #require(BMP280Calibration(registers: bytes))
        #expect(decoded == .datasheetExample)
        #expect(decoded.isPlausible)
    }

    @Test func calibrationRejectsAShortBurstAndAnEmptyNVM() throws {
        #expect(BMP280Calibration(registers: [UInt8](repeating: 0x10, count: 23)) == nil)
        let zeros = try #require(BMP280Calibration(registers: [UInt8](repeating: 0, count: 24)))
        #expect(!zeros.isPlausible)
        let ones = try #require(BMP280Calibration(registers: [UInt8](repeating: 0xFF, count: 24)))
        #expect(!ones.isPlausible)
    }
}
