import Testing

@testable import ledgerpress

/// Stage timings in the run report: seconds rounded to the millisecond, exactly.
@Suite struct RunReportTimingTests {
    @Test(arguments: [
        (Duration.zero, 0.0),
        (Duration.seconds(2) + .milliseconds(500), 2.5),
        (Duration.milliseconds(1234), 1.234),
        (Duration.seconds(59) + .microseconds(999_499), 59.999),
        (Duration.seconds(59) + .microseconds(999_500), 60.0),
        (Duration.microseconds(499), 0.0),
        (Duration.microseconds(500), 0.001),
        (Duration.seconds(3600) + .nanoseconds(1), 3600.0),
        (Duration.seconds(86_400 * 365) + .milliseconds(7), 31_536_000.007),
    ]) func secondsAreRoundedToTheMillisecond(_ duration: Duration, _ seconds: Double) {
        #expect(RunReport.seconds(duration) == seconds)
    }
}
