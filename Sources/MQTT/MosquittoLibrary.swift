internal import CMosquitto

#if canImport(Glibc)
    import Glibc
#endif

/// Process-wide libmosquitto set-up and error texts.
enum MosquittoLibrary {
    /// `mosquitto_lib_init` exactly once (it is not thread-safe; Swift runs a global's initialiser once).
    private static let initialised: Bool = {
        mosquitto_lib_init()
        return true
    }()

    static func initialise() { _ = initialised }

    /// The text of a libmosquitto result code; for `MOSQ_ERR_ERRNO` the system error (read `errno` at once).
    static func describe(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue {
            return String(cString: strerror(errno))
        }
        return String(cString: mosquitto_strerror(code))
    }

    /// The library's version, e.g. `2.0.11`.
    static var version: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        _ = mosquitto_lib_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }
}
