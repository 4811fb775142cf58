import Foundation
import POSIX
import Testing

@testable import LinuxIO
@testable import Sensors

@Suite("System adapters")
struct SystemAdapterTests {
    @Test func aMissingI2CBusIsNotFound() async {
        #expect {
            _ = try I2CBus(bus: 250)
        } throws: { error in
            guard case TransportError.notFound(let detail) = error else { return false }
            return detail.contains("/dev/i2c-250")
        }
        let device = I2CBusDevice(bus: 250, address: 0x69)
        #expect(device.name == "/dev/i2c-250 address 0x69")
        await #expect(throws: TransportError.self) { try await device.open() }
        await #expect(throws: TransportError.self) { _ = try await device.read(count: 3) }
    }

    @Test func errnoIsClassifiedForTheDriver() {
        #expect(TransportError(SystemError(call: "open(x)", code: ENOENT), device: "x").meansAbsent)
        #expect(
            TransportError(SystemError(call: "read(x)", code: EIO), device: "x")
                == .disconnected("read(x): Input/output error"))
        guard
            case .noAcknowledge = TransportError(
                SystemError(call: "write", code: EREMOTEIO), device: "/dev/i2c-1", i2c: true)
        else {
            Issue.record("EREMOTEIO on i2c is a NACK")
            return
        }
        guard case .permissionDenied = TransportError(SystemError(call: "open", code: EACCES), device: "x") else {
            Issue.record("EACCES is permission denied")
            return
        }
        #expect(
            SystemError(call: "open(/dev/x)", code: ENOENT).description
                == "open(/dev/x): No such file or directory (errno 2)")
    }

    @Test func symlinksAreReplacedAtomicallyAndRemoved() throws {
        let directory = NSTemporaryDirectory() + "breeze-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/sensor"
        try SymbolicLink.replace(link, pointingTo: "/dev/pts/1")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/pts/1")
        try SymbolicLink.replace(link, pointingTo: "/dev/pts/2")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/pts/2")
        SymbolicLink.remove(link)
        #expect(!FileManager.default.fileExists(atPath: link))
        // A regular file is never removed.
        #expect(FileManager.default.createFile(atPath: link, contents: Data()))
        SymbolicLink.remove(link)
        #expect(FileManager.default.fileExists(atPath: link))
    }

    @Test func pseudoTerminalsAreIndependent() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        #expect(first.devicePath != second.devicePath)
        #expect(first.devicePath.hasPrefix("/dev/pts/"))
        first.close()
        #expect(!first.isOpen && second.isOpen)
        #expect(first.read().isEmpty && first.write([1]) == 0)
    }
}
