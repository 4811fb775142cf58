#if canImport(Glibc)
    import Glibc
#endif

/// The routes with their paths as C strings, matched against libmicrohttpd's URL without building a Swift
/// String on the request path.
final class RouteTable: @unchecked Sendable {
    // @unchecked: the C strings are written once in init, read-only afterwards, freed in deinit.
    let routes: [Route]
    private let paths: [UnsafeMutablePointer<CChar>]
    private let lengths: [Int]

    init(_ routes: [Route]) {
        self.routes = routes
        self.paths = routes.map { strdup($0.path) }
        self.lengths = routes.map { $0.path.utf8.count }
    }

    deinit {
        for path in paths { free(path) }
    }

    /// The index of the route whose path is exactly `url`.
    func index(of url: UnsafePointer<CChar>) -> Int? {
        let length = strlen(url)
        for index in paths.indices where lengths[index] == length && memcmp(paths[index], url, length) == 0 {
            return index
        }
        return nil
    }
}
