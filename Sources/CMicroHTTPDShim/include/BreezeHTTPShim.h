// What Swift cannot call in libmicrohttpd: the variadic MHD_start_daemon, options that exist only in some
// versions (guarded on MHD_VERSION), and the printf-style error logger. Self-contained on purpose (no
// <microhttpd.h> here), so the CMicroHTTPD module alone owns libmicrohttpd's declarations.
#ifndef BREEZE_HTTP_SHIM_H
#define BREEZE_HTTP_SHIM_H

#include <stddef.h>
#include <stdint.h>

struct MHD_Daemon;
struct MHD_Connection;
struct sockaddr;

/// libmicrohttpd's access handler (MHD_AccessHandlerCallback) with `enum MHD_Result` spelled as int.
typedef int (*breeze_http_handler)(void *context, struct MHD_Connection *connection, const char *url,
                                   const char *method, const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **request_context);

/// MHD_OPTION_URI_LOG_CALLBACK: sees the request target as received (before percent-decoding and before the
/// query is split off); what it returns becomes the access handler's `*request_context`.
typedef void *(*breeze_http_uri_hook)(void *context, const char *uri, struct MHD_Connection *connection);

/// MHD_OPTION_NOTIFY_CONNECTION and MHD_OPTION_NOTIFY_COMPLETED, reduced to the connection's socket:
/// `event` is 0 when a connection started, 1 when a request on it completed, 2 when it is about to be
/// closed (the socket is still open during the call).
typedef void (*breeze_http_connection_hook)(void *context, int socket, int event);

/// Receives one formatted libmicrohttpd error message (no trailing newline).
typedef void (*breeze_http_log_sink)(void *context, const char *message);

/// The daemon's settings; zero means "libmicrohttpd's default" only where noted.
typedef struct breeze_http_options {
    /// MHD_FLAG bits (MHD_USE_*).
    unsigned int flags;
    /// The address to bind (IPv4 or IPv6); required.
    const struct sockaddr *address;
    /// Total connections at once.
    unsigned int connection_limit;
    /// Connections at once from one IP address.
    unsigned int per_ip_connection_limit;
    /// Seconds of inactivity before a connection is closed.
    unsigned int connection_timeout_s;
    /// Bytes of memory pool per connection (request line, headers, response headers).
    size_t connection_memory_limit;
    /// Bytes the read buffer grows by.
    size_t connection_memory_increment;
    /// Worker threads (1: the polling thread alone).
    unsigned int thread_pool_size;
    /// listen(2) backlog; 0 = libmicrohttpd's default.
    unsigned int listen_backlog;
    /// MHD_OPTION_CLIENT_DISCIPLINE_LVL (-3...3); applied only when libmicrohttpd has it (0.9.77+).
    int client_discipline;
    /// Called with each raw request target (context: the handler's); may be NULL.
    breeze_http_uri_hook uri_hook;
    /// Connection events (context: the handler's); may be NULL.
    breeze_http_connection_hook connection_hook;
    /// Where libmicrohttpd's error messages go; may be NULL.
    breeze_http_log_sink log_sink;
    void *log_context;
} breeze_http_options;

/// Starts a daemon (MHD_start_daemon with the options spelled out); NULL on failure (errno may say why).
struct MHD_Daemon *breeze_http_start(const breeze_http_options *options, breeze_http_handler handler,
                                     void *handler_context);

/// The TCP port the daemon is bound to (MHD_get_daemon_info is variadic); 0 when unknown.
uint16_t breeze_http_bound_port(struct MHD_Daemon *daemon);

/// The socket of a connection (MHD_get_connection_info is variadic); -1 when unknown.
int breeze_http_connection_socket(struct MHD_Connection *connection);

/// The bytes of the current request's line and header section as received, line ends included
/// (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE); 0 before the headers are complete.
size_t breeze_http_request_head_size(struct MHD_Connection *connection);

/// The header fields, query parameters and cookies libmicrohttpd keeps a record of for the current request.
unsigned int breeze_http_request_field_count(struct MHD_Connection *connection);

/// The number of connections the daemon has open right now.
unsigned int breeze_http_current_connections(struct MHD_Daemon *daemon);

/// MHD_VERSION of the headers this was built against, e.g. 0x00097500.
unsigned int breeze_http_header_version(void);

/// Whether MHD_OPTION_CLIENT_DISCIPLINE_LVL was available (and so applied) in this build.
int breeze_http_has_client_discipline(void);

/// Relaxed atomic counters for request counting on libmicrohttpd's threads.
static inline void breeze_counter_increment(uint64_t *counter) {
    __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}

static inline uint64_t breeze_counter_load(const uint64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

#endif
