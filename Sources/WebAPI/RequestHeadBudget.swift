/// The station's own limits on a request's head (request line and header fields), checked before the request
/// is answered, so an oversize request gets the station's JSON 414 or 431 rather than libmicrohttpd's HTML one
/// or no answer at all.
///
/// Why the station needs limits of its own: libmicrohttpd 0.9.75 keeps a request's head, one record per
/// header field, query parameter and cookie, and the response's status line and headers in one memory pool
/// per connection. A head that nearly fills the pool is read completely, but then the response headers do not
/// fit and the connection is closed without an answer (or, with a query string, left to the inactivity
/// timeout). So libmicrohttpd is given a pool of ``poolBytes`` (twice the budget) and the station refuses
/// heads over the budget itself: every request within the budget has room for its response, and every one
/// over it, up to near the pool's size, has room for the refusal.
public struct RequestHeadBudget: Sendable, Hashable {
    /// Bytes of head a request may take, counting ``fieldCostBytes`` for each field (`connection_memory_kib`).
    public let headBytes: Int

    /// What the station charges per header field, query parameter and cookie on top of its bytes: the pool
    /// memory of the record libmicrohttpd 0.9.75 keeps for each (56 bytes aligned to 64 on 64-bit boards, half
    /// on 32-bit), so a head of many tiny fields is bounded like a head of a few long ones.
    public static let fieldCostBytes = 64

    /// A budget of `headBytes` (at least 4 KiB, as ``HTTPServer`` requires).
    public init(headBytes: Int) {
        self.headBytes = headBytes
    }

    /// The longest request target accepted, in bytes as sent (half the budget: 8 KiB by default, the
    /// request-line limit common web servers use).
    public var targetBytes: Int { headBytes / 2 }

    /// The connection memory pool libmicrohttpd is given (MHD_OPTION_CONNECTION_MEMORY_LIMIT): twice the
    /// budget, so a head just over the budget still leaves room for the station's refusal.
    public var poolBytes: Int { headBytes * 2 }

    /// What the station does with a head.
    public enum Verdict: Sendable, Equatable {
        case fits
        /// 414: the request target is longer than ``targetBytes``.
        case targetTooLong
        /// 431: the head costs more than ``headBytes``.
        case headTooLarge
    }

    /// Judges a head whose request target is `targetLength` bytes, whose request line and header section
    /// are `headLength` bytes (libmicrohttpd's MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE, line ends included)
    /// and which libmicrohttpd split into `fieldCount` header fields, query parameters and cookies.
    public func verdict(targetLength: Int, headLength: Int, fieldCount: Int) -> Verdict {
        if targetLength > targetBytes { return .targetTooLong }
        let (fieldBytes, fieldOverflow) = fieldCount.multipliedReportingOverflow(by: Self.fieldCostBytes)
        let (cost, costOverflow) = headLength.addingReportingOverflow(fieldBytes)
        if fieldOverflow || costOverflow || cost > headBytes { return .headTooLarge }
        return .fits
    }
}
