import RoamCore
import Testing

/// Issue 26: a figure that is not this board's own measurement says so where it is shown. A ride's
/// temperature is a track file's exactly where it was kept with a derived speed (a replayed GPX
/// track, an import: their fixes are written from the file's points); the board's own otherwise.
@Suite struct TemperatureSourceTests {
    @Test func aTemperatureKeptWithDerivedSpeedIsTheTrackFilesAndSaidSo() {
        var p = PipelineParameters()
        #expect(UnmeasuredFigures(p).temperatureSource == nil)
        #expect(UnmeasuredFigures(p).notes.isEmpty)

        p.speedMeasured = false
        let fromFile = UnmeasuredFigures(p)
        #expect(fromFile.temperatureSource?.hasPrefix("from the track file (the recording device's sensor") == true)
        #expect(fromFile.notes.contains { $0.hasPrefix("Air temperature") && $0.contains("from the track file") }, "\(fromFile.notes)")

        // None kept: nothing to label, and the note says none is shown.
        p.temperatureMeasured = false
        #expect(UnmeasuredFigures(p).temperatureSource == nil)
        #expect(!UnmeasuredFigures(p).notes.contains { $0.hasPrefix("Air temperature") })
    }
}
