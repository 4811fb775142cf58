import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import POSIX

/// Written before the release, read after: writable data must keep its contents (only code is released).
nonisolated(unsafe) private var written: [String: Int] = [:]

/// A table of relocated pointers (type metadata, strings) in read-only-after-relocation data.
private let relocated: [any CustomStringConvertible & Sendable] = [1, "two", 3.5, true]

@Suite("Start-up code pages")
struct StartUpPagesTests {
    @Test("the released mappings are never-written file mappings: libc's code is among them, writable data is not")
    func codeMappings() {
        let mappings = StartUpPages.codeMappings()
        #expect(!mappings.isEmpty)
        let function = unsafeBitCast(
            getpid as @convention(c) () -> pid_t, to: UInt.self)
        #expect(mappings.contains { $0.start <= function && function < $0.end }, "getpid's code is not in a code mapping")
        let variable = withUnsafePointer(to: &written) { UInt(bitPattern: $0) }
        #expect(!mappings.contains { $0.start <= variable && variable < $0.end }, "a writable variable is in a code mapping")
    }

    @Test("releasing gives back resident code; code, data and relocated tables work on as before")
    func releaseKeepsTheProcessWhole() {
        written = ["kept": 42]
        let describedBefore = relocated.map(\.description)
        let sortedBefore = (0..<1000).map { ($0 * 7919) % 1000 }.sorted()
        let release = StartUpPages.release()
        #expect(release.mappings > 0)
        #expect(release.residentBefore > 0 && release.residentAfter > 0)
        #expect(release.residentAfter < release.residentBefore, "resident \(release.residentBefore) kB → \(release.residentAfter) kB")
        #expect(written["kept"] == 42)
        // Calls through the global offset table (RELRO, relocated at load): an unrelocated one would crash.
        #expect(getpid() > 0 && strlen("relocated") == 9)
        #expect(relocated.map(\.description) == describedBefore)
        #expect((0..<1000).map { ($0 * 7919) % 1000 }.sorted() == sortedBefore)
        // Releasing again is harmless.
        #expect(StartUpPages.release().mappings > 0)
    }
}
