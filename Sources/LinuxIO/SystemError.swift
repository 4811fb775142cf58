#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failed system call: which call (with its argument, e.g. `open(/dev/ttyUSB0)`) and its errno.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call and its main argument.
    public let call: String
    /// The errno value.
    public let code: Int32

    /// An error of `call` with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The C library's text for the errno (`No such file or directory`).
    public var message: String { String(cString: strerror(code)) }

    public var description: String { "\(call): \(message) (errno \(code))" }
}

/// The one way this module makes system calls: retries EINTR, and turns -1 into a ``SystemError`` naming the
/// call (swift-system's and swift-nio's pattern).
enum SystemCall {
    /// Runs `body` until it is not interrupted; throws when it returns -1.
    @discardableResult
    static func run<Result: BinaryInteger>(_ call: @autoclosure () -> String, _ body: () -> Result)
        throws(SystemError) -> Result
    {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(call: call(), code: code)
        }
    }
}
