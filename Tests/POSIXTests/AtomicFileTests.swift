import Foundation
import Testing

@testable import POSIX

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Atomic file write")
struct AtomicFileTests {
    @Test func aWriteReplacesTheFileAndLeavesNoTemporary() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/state.json"
        try AtomicFile.write(Array("old\n".utf8), to: path)
        try AtomicFile.write(Array("new\n".utf8), to: path)
        #expect(try Self.contents(path) == "new\n")
        #expect(access(AtomicFile.temporaryPath(for: path), F_OK) != 0)
    }

    /// A power cut after the temporary file was half written and before the rename (simulated: the half
    /// file left in place) leaves the old file whole, and the next write replaces both.
    @Test func aCrashBeforeTheRenameLeavesTheOldFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/state.json"
        try AtomicFile.write(Array("{\"old\": true}\n".utf8), to: path)
        let half = try FileDescriptor(
            opening: AtomicFile.temporaryPath(for: path), O_WRONLY | O_CREAT | O_TRUNC)
        try half.write(all: Array("{\"new\": tr".utf8))
        try half.close()
        #expect(try Self.contents(path) == "{\"old\": true}\n")
        try AtomicFile.write(Array("{\"new\": true}\n".utf8), to: path)
        #expect(try Self.contents(path) == "{\"new\": true}\n")
        #expect(access(AtomicFile.temporaryPath(for: path), F_OK) != 0)
    }

    /// A failure at the rename (simulated: the destination is a non-empty directory, which rename(2) refuses
    /// even for root) throws an error naming the call, removes the temporary file and leaves the destination.
    @Test func aFailedRenameRemovesTheTemporaryAndNamesTheCall() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/occupied"
        #expect(mkdir(path, 0o755) == 0)
        let inside = try FileDescriptor(opening: path + "/kept", O_WRONLY | O_CREAT)
        try inside.close()
        let error = #expect(throws: SystemError.self) { try AtomicFile.write([1, 2, 3], to: path) }
        #expect(error?.call == "rename(\(path).tmp, \(path))")
        #expect(error?.code == EISDIR)
        #expect(access(AtomicFile.temporaryPath(for: path), F_OK) != 0)
        #expect(access(path + "/kept", F_OK) == 0)
    }

    @Test func aMissingDirectoryIsAnErrorNamingTheTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/state.json"
        let error = #expect(throws: SystemError.self) { try AtomicFile.write([1], to: path) }
        #expect(error == SystemError(call: "open(\(path).tmp)", code: ENOENT))
    }

    @Test func theDirectoryOfAPath() {
        #expect(AtomicFile.directoryPath(of: "/var/lib/breeze/state.json") == "/var/lib/breeze")
        #expect(AtomicFile.directoryPath(of: "/state.json") == "/")
        #expect(AtomicFile.directoryPath(of: "state.json") == ".")
    }

    static func contents(_ path: String) throws -> String {
        let file = try FileDescriptor(opening: path, O_RDONLY)
        return String(decoding: try file.readToEnd().bytes, as: UTF8.self)
    }
}

/// A directory under the temporary directory, removed with everything in it when the test ends.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "breeze-posix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
