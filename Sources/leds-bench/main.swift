// `make bench` (mk/leds.mk): the CPU cost of software PWM on three lines at 200 Hz. Not a test: the numbers
// are printed for the closing notes and for comparing builds (target: at most 1 % of one core).
//
// The controller runs exactly as in the station (its own thread, bulk writes on every PWM edge) on two
// backends that do real work per write: the recording backend (a locked append, as in the tests) and a
// backend that makes one write(2) system call per bulk update, standing in for the GPIO ioctl.
import AirQuality
import LEDs
import LEDsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One `write(2)` of the line values to /dev/null per update: the cost of a syscall, like the line ioctl.
final class SyscallLines: LEDLineOutput, @unchecked Sendable {
    // Used only by the render thread after the hand-over; `writes` is read after the thread is joined.
    let lineCount = 3
    private let descriptor = open("/dev/null", O_WRONLY)
    private(set) var writes = 0

    func set(_ values: [Bool]) throws {
        var bytes = values.map { UInt8($0 ? 1 : 0) }
        _ = write(descriptor, &bytes, bytes.count)
        writes += 1
    }

    func close() { Glibc.close(descriptor) }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

let measuredMicroseconds: UInt32 = 5_000_000
// Very Unhealthy (#8f3f97 at full brightness): all three lines partial, so every period has four edges.
let state = IndicatorState.local(.veryUnhealthy)
let policy = LEDPolicy(kind: .rgb, pwm: true)
let duties = policy.frame(for: state, elapsed: .zero, at: nil).duties

print("Breeze Station LED benchmark: software PWM, 3 lines at 200 Hz, \(state)")
print("target duties: " + duties.map { decimal($0 * 100, 1) + " %" }.joined(separator: ", "))

func run(_ name: String, _ output: sending LEDOutput, writes: () -> Int, check: (Int64, Int64) -> String) throws {
    let controller = LEDController(policy: policy, output: output, ignoresNight: true, pwmFrequency: 200)
    controller.show(state)
    try controller.start(selfTest: false)
    usleep(500_000)
    let writesBefore = writes()
    let cpuBefore = cpuSeconds()
    let start = MonotonicClock.now()
    usleep(measuredMicroseconds)
    let end = MonotonicClock.now()
    let cpu = cpuSeconds() - cpuBefore
    let wall = Double(end - start) / 1e9
    let writeRate = Double(writes() - writesBefore) / wall
    controller.stop()
    let percent = cpu / wall * 100
    print(
        "PWM CPU, \(name): \(decimal(percent, 2)) % of one core "
            + "(\(whole(cpu * 1000)) ms CPU in \(whole(wall * 1000)) ms; "
            + "\(whole(writeRate)) bulk writes/s)"
            + check(start, end))
}

/// `value` rounded to a whole number; a measurement gone wrong (NaN, infinite) is printed as it is.
func whole(_ value: Double) -> String { Int(exactly: value.rounded()).map { String($0) } ?? "\(value)" }

/// `value` with `places` decimals.
func decimal(_ value: Double, _ places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    guard let scaled = Int(exactly: (value * Double(scale)).rounded()) else { return "\(value)" }
    let fraction = String(abs(scaled) % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
}

let recording = RecordingLEDLines(lineCount: 3)
try run("recording backend", .lines(recording), writes: { recording.writeCount }) { start, end in
    let achieved = (0..<3).map { Double(recording.onTime(line: $0, from: start, to: end)) / Double(end - start) }
    return "; achieved duties " + achieved.map { decimal($0 * 100, 1) + " %" }.joined(separator: ", ")
}
let syscalls = SyscallLines()
try run("write(2) per update", .lines(syscalls), writes: { syscalls.writes }) { _, _ in "" }

// The floor: the same number of timed wake-ups (4 per 5 ms period) doing nothing else. Any sleeping software
// PWM pays it; on a virtual machine each timer wake-up costs tens of microseconds (timer emulation), on a
// Raspberry Pi a few.
let cpuBefore = cpuSeconds()
let start = MonotonicClock.now()
var deadline = start
while deadline < start + Int64(measuredMicroseconds) * 1000 {
    deadline += 1_250_000
    MonotonicClock.sleep(until: deadline)
}
let floor = (cpuSeconds() - cpuBefore) / (Double(MonotonicClock.now() - start) / 1e9) * 100
print(
    "floor, 800 bare timed wake-ups/s on this machine: \(decimal(floor, 2)) % of one core "
        + "(\(decimal(floor * 10_000 / 800, 1)) µs CPU per wake-up)")
