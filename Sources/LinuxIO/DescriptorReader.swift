public import POSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a file descriptor (standard input, a pipe, a file) chunk by chunk on its own queue, so a blocking
/// read() never holds a cooperative thread.
public final class DescriptorReader: Sendable {
    private let descriptor: Int32
    private let name: String
    private let queue: WorkerThread

    /// A reader of `descriptor` (not closed by the reader); `name` appears in errors.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        queue = WorkerThread(name: "reader")
    }

    /// The next chunk (at most `maximumCount` bytes); nil at end of input.
    public func next(maximumCount: Int = 65536) async throws(SystemError) -> [UInt8]? {
        let descriptor = self.descriptor
        let name = self.name
        return try await queue.run { () throws(SystemError) -> [UInt8]? in
            var buffer = [UInt8](repeating: 0, count: maximumCount)
            let count = try SystemCall.run("read(\(name))") {
                buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            return count == 0 ? nil : Array(buffer[0..<count])
        }
    }
}
