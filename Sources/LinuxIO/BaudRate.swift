#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// termios speed constants for the baud rates a sensor link uses.
enum BaudRate {
    /// The `speed_t` of `baud`; nil for a rate termios does not name.
    static func speed(_ baud: Int) -> speed_t? {
        let value: Int32
        switch baud {
        case 1200: value = B1200
        case 2400: value = B2400
        case 4800: value = B4800
        case 9600: value = B9600
        case 19200: value = B19200
        case 38400: value = B38400
        case 57600: value = B57600
        case 115_200: value = B115200
        case 230_400: value = B230400
        case 460_800: value = B460800
        case 921_600: value = B921600
        default: return nil
        }
        return speed_t(value)
    }
}
