import CAvahi
import Diagnostics
import Synchronization

/// One announcement kept published through the system's avahi-daemon (libavahi-client over D-Bus), on
/// avahi's own thread (`avahi_threaded_poll`).
///
/// The client is created with `AVAHI_CLIENT_NO_FAIL`: when the daemon is not running it waits for it instead
/// of failing (one notice, then nothing), and when the daemon restarts (`AVAHI_CLIENT_FAILURE` with
/// `AVAHI_ERR_DISCONNECTED`) a new client is made the same way, so the service comes back with the daemon.
/// A name taken by another host gets avahi's alternative (`Breeze Station #2`).
///
/// Callbacks reach this object through the C `void *` (Unmanaged, unretained: ``stop()`` stops the poll thread
/// before the object can go).
final class AvahiSession: @unchecked Sendable {
    // @unchecked: `client`, `group`, `name` and `toldNotRunning` are read and written only on avahi's poll
    // thread (callbacks) or, in start() before the thread runs and in stop() after it stopped; avahi
    // serialises everything on that one thread. `published` is a Mutex for other threads.
    let announcement: ServiceAnnouncement
    private let logger: Logger
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var group: OpaquePointer?
    private var name: String
    private var toldNotRunning = false
    /// The name the service is established under, nil while it is not.
    let published = Mutex<String?>(nil)

    /// A session (nothing runs before ``start()``); nil when avahi cannot allocate its poll.
    init?(announcement: ServiceAnnouncement, logger: Logger) {
        guard let poll = avahi_threaded_poll_new() else { return nil }
        self.poll = poll
        self.announcement = announcement
        self.name = announcement.name
        self.logger = logger
    }

    /// Connects (or starts waiting for the daemon) and starts avahi's thread. Blocking (a D-Bus round trip):
    /// never call it on the cooperative pool.
    func start() -> Bool {
        connect()
        guard avahi_threaded_poll_start(poll) == 0 else {
            logger.error("DNS-SD is off: avahi's poll thread cannot start")
            return false
        }
        return true
    }

    /// Withdraws the service, stops avahi's thread and frees everything. Blocking (joins the thread).
    func stop() {
        avahi_threaded_poll_stop(poll)
        // Freeing the client frees its entry group, which withdraws the service from the daemon.
        if let client { avahi_client_free(client) }
        client = nil
        group = nil
        avahi_threaded_poll_free(poll)
        published.withLock { $0 = nil }
    }

    /// How long to wait before trying again when there is no D-Bus system bus to reach avahi through.
    static let retryMilliseconds: UInt32 = 30_000

    /// A new client; its callback may run before this returns (with the state it starts in). Without a
    /// system bus even `AVAHI_CLIENT_NO_FAIL` fails: then the same one notice, and another try in 30 s.
    func connect() {
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        let created = avahi_client_new(
            avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, avahiClientCallback, context, &error)
        client = created
        guard created == nil else { return }
        if Int(error) == AVAHI_ERR_NO_DAEMON || Int(error) == AVAHI_ERR_DBUS_ERROR {
            tellNotRunning()
        } else {
            logger.error("DNS-SD: cannot create an avahi client: \(Self.describe(error)); trying again in 30 s")
        }
        guard let api = avahi_threaded_poll_get(poll) else { return }
        var deadline = timeval()
        avahi_elapse_time(&deadline, Self.retryMilliseconds, 0)
        _ = api.pointee.timeout_new(api, &deadline, avahiRetryCallback, context)
    }

    /// The one notice while avahi cannot be reached; again only after it was reached in between.
    private func tellNotRunning() {
        guard !toldNotRunning else { return }
        toldNotRunning = true
        logger.notice("avahi-daemon is not running: the station is not announced on the LAN until it starts")
    }

    /// The retry timer fired (avahi's thread): free it and connect again.
    func retry(_ timeout: OpaquePointer) {
        if let api = avahi_threaded_poll_get(poll) { api.pointee.timeout_free(timeout) }
        if client == nil { connect() }
    }

    // MARK: Callbacks (avahi's thread)

    func clientChanged(_ changed: OpaquePointer, state: AvahiClientState) {
        client = changed
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            toldNotRunning = false
            publish(on: changed)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            // The host name is being (re)registered: services wait until the server runs again.
            if let group { avahi_entry_group_reset(group) }
            published.withLock { $0 = nil }
        case AVAHI_CLIENT_CONNECTING:
            tellNotRunning()
        case AVAHI_CLIENT_FAILURE:
            let error = avahi_client_errno(changed)
            published.withLock { $0 = nil }
            if Int(error) == AVAHI_ERR_DISCONNECTED {
                // The daemon went away (restart, upgrade): a new client waits for it and publishes again.
                logger.info("avahi-daemon disconnected; announcing again once it is back")
                avahi_client_free(changed)
                client = nil
                group = nil
                connect()
            } else {
                logger.error("DNS-SD: avahi client failed: \(Self.describe(error))")
            }
        default:
            break
        }
    }

    func groupChanged(_ changed: OpaquePointer, state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            published.withLock { $0 = name }
            logger.info("announced on the LAN as '\(name)' (\(announcement.type), port \(announcement.port))")
        case AVAHI_ENTRY_GROUP_COLLISION:
            // Another host announces this name: take avahi's alternative and publish again.
            rename()
            if let owner = avahi_entry_group_get_client(changed) { publish(on: owner) }
        case AVAHI_ENTRY_GROUP_FAILURE:
            let error = avahi_client_errno(avahi_entry_group_get_client(changed))
            logger.error("DNS-SD: announcing '\(name)' failed: \(Self.describe(error))")
        default:
            break
        }
    }

    /// Adds the service to the (new or emptied) entry group and commits it.
    private func publish(on owner: OpaquePointer) {
        if group == nil {
            let context = Unmanaged.passUnretained(self).toOpaque()
            group = avahi_entry_group_new(owner, avahiGroupCallback, context)
            if group == nil {
                logger.error("DNS-SD: cannot create an entry group: \(Self.describe(avahi_client_errno(owner)))")
                return
            }
        }
        guard let group, avahi_entry_group_is_empty(group) != 0 else { return }
        for _ in 0..<16 {
            let result = add(to: group)
            if Int(result) == AVAHI_ERR_COLLISION {
                rename()
                avahi_entry_group_reset(group)
                continue
            }
            guard result == 0 else {
                logger.error("DNS-SD: cannot add '\(name)': \(Self.describe(result))")
                return
            }
            let committed = avahi_entry_group_commit(group)
            if committed != 0 { logger.error("DNS-SD: cannot commit '\(name)': \(Self.describe(committed))") }
            return
        }
        logger.error("DNS-SD: every alternative of '\(announcement.name)' collides")
    }

    private func add(to group: OpaquePointer) -> Int32 {
        // avahi_string_list_add prepends: add in reverse so the record keeps the announcement's order.
        var list: UnsafeMutablePointer<AvahiStringList>? = nil
        for entry in announcement.txt.reversed() { list = avahi_string_list_add(list, entry) }
        defer { avahi_string_list_free(list) }
        return avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC),
            AvahiPublishFlags(0), name, announcement.type, nil, nil, announcement.port, list)
    }

    private func rename() {
        guard let alternative = avahi_alternative_service_name(name) else { return }
        defer { avahi_free(alternative) }
        let old = name
        name = String(cString: alternative)
        logger.notice("DNS-SD: the name '\(old)' is taken on the LAN; announcing as '\(name)'")
    }

    static func describe(_ error: Int32) -> String {
        guard let text = avahi_strerror(error) else { return "error \(error)" }
        return "\(String(cString: text)) (\(error))"
    }
}

/// avahi's client callback; nonisolated, reaches its session only through the context.
private let avahiClientCallback: AvahiClientCallback = { client, state, context in
    guard let client, let context else { return }
    Unmanaged<AvahiSession>.fromOpaque(context).takeUnretainedValue().clientChanged(client, state: state)
}

/// The retry timer of ``AvahiSession/connect()``.
private let avahiRetryCallback: AvahiTimeoutCallback = { timeout, context in
    guard let timeout, let context else { return }
    Unmanaged<AvahiSession>.fromOpaque(context).takeUnretainedValue().retry(timeout)
}

/// avahi's entry group callback.
private let avahiGroupCallback: AvahiEntryGroupCallback = { group, state, context in
    guard let group, let context else { return }
    Unmanaged<AvahiSession>.fromOpaque(context).takeUnretainedValue().groupChanged(group, state: state)
}
