import Synchronization

/// A history series as CSV chunks, read from a ``HistoryProvider`` one page at a time: the header first,
/// then each page's rows (``HistoryCSV/pages(of:buckets:)``), then nil. What the route streams and what
/// `export` writes, so both give the same bytes.
///
/// ```swift
/// let stream = HistoryCSVStream(query: query, provider: store)
/// while let chunk = try stream.next() { write(chunk) }
/// ```
public final class HistoryCSVStream: Sendable {
    private let provider: any HistoryProvider
    private let state: Mutex<(pages: [HistoryQuery], next: Int, headerSent: Bool)>

    /// A stream of `query` from `provider`, in pages of `pageBuckets` buckets.
    public init(query: HistoryQuery, provider: any HistoryProvider, pageBuckets: Int = HistoryCSV.pageBuckets) {
        self.provider = provider
        state = Mutex((HistoryCSV.pages(of: query, buckets: pageBuckets), 0, false))
    }

    /// The next chunk: the header, then one page's rows at a time (a page without data gives an empty chunk);
    /// nil after the last page. Throws what the provider throws.
    public func next() throws -> [UInt8]? {
        let step = state.withLock { state -> (header: Bool, page: HistoryQuery?) in
            if !state.headerSent {
                state.headerSent = true
                return (true, nil)
            }
            guard state.next < state.pages.count else { return (false, nil) }
            defer { state.next += 1 }
            return (false, state.pages[state.next])
        }
        if step.header { return Array(HistoryCSV.header.utf8) }
        guard let page = step.page else { return nil }
        var text = ""
        // Only the page's own buckets, so a provider that rounds the range outwards never repeats a row.
        for point in try provider.history(page) where point.time >= page.from && point.time < page.to {
            text += HistoryCSV.row(point)
        }
        return Array(text.utf8)
    }
}
