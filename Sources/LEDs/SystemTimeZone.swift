public import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The system's time zone, through the C library's `localtime_r`: `TZ` when set, else `/etc/localtime`
/// (what `timedatectl set-timezone` and `raspi-config` change), with its daylight-saving rules.
///
/// Why the C library: FoundationEssentials knows only fixed-offset time zones (named zones need ICU from
/// full Foundation, which costs memory the daemon does not spend), while glibc reads the system's zoneinfo.
/// glibc reads the zone once per process: after changing it, restart the station.
public struct SystemTimeZone: UTCOffsetSource {
    /// The system time zone.
    public init() {}

    public func utcOffset(at date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
