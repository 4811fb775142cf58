import CPseudoTerminal
public import POSIX
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pseudo-terminal pair for emulated serial sensors: the controlling side stays here, the device side
/// (`/dev/pts/N`) is what a driver opens like any tty.
///
/// The device side is set raw at once and held open, so bytes written before a driver opens it are not mangled
/// by the line discipline (no echo, no CR/NL mapping, no XON/XOFF) and the controller never sees EIO while no
/// driver is attached. ``close()`` hangs the device side up, as unplugging a USB adapter does. Not thread-safe.
public final class PseudoTerminal {
    /// The device path a driver opens (`/dev/pts/N`).
    public let devicePath: String
    private var controller: Int32
    private var deviceHold: Int32

    /// A new pair.
    public init() throws(SystemError) {
        let controller = try SystemCall.run("posix_openpt") { posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC) }
        var hold: Int32 = -1
        do throws(SystemError) {
            let flags = try SystemCall.run("fcntl(F_GETFL)") { fcntl(controller, F_GETFL) }
            try SystemCall.run("fcntl(F_SETFL)") { fcntl(controller, F_SETFL, flags | O_NONBLOCK) }
            try SystemCall.run("grantpt") { grantpt(controller) }
            try SystemCall.run("unlockpt") { unlockpt(controller) }
            var name = [CChar](repeating: 0, count: 128)
            let failure = ptsname_r(controller, &name, name.count)
            if failure != 0 { throw SystemError(call: "ptsname_r", code: failure) }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            hold = try SystemCall.run("open(\(path))") { open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
            var settings = termios()
            try SystemCall.run("tcgetattr(\(path))") { tcgetattr(hold, &settings) }
            cfmakeraw(&settings)
            try SystemCall.run("tcsetattr(\(path))") { tcsetattr(hold, TCSANOW, &settings) }
            devicePath = path
        } catch {
            if hold >= 0 { Glibc.close(hold) }
            Glibc.close(controller)
            throw error
        }
        self.controller = controller
        deviceHold = hold
    }

    deinit {
        close()
    }

    /// Whether the pair is open.
    public var isOpen: Bool { controller >= 0 }

    /// Bytes the device side wrote (what a driver sent), without waiting; empty when none.
    public func read(maximumCount: Int = 4096) -> [UInt8] {
        guard controller >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: maximumCount)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Writes `bytes` towards the device side without waiting; returns how many were taken (bytes nobody reads
    /// are lost once the tty buffer is full, as on a real UART).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Int {
        guard controller >= 0, !bytes.isEmpty else { return 0 }
        let count = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress, $0.count) }
        return max(0, count)
    }

    /// Waits up to `timeout` for bytes from the device side.
    public func waitReadable(timeout: Duration) -> Bool {
        guard controller >= 0 else { return false }
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, max(0, milliseconds)) > 0 && Int32(poller.revents) & Int32(POLLIN) != 0
    }

    /// Closes both sides: a driver with the device open sees a hang-up.
    public func close() {
        if deviceHold >= 0 {
            Glibc.close(deviceHold)
            deviceHold = -1
        }
        if controller >= 0 {
            Glibc.close(controller)
            controller = -1
        }
    }
}
