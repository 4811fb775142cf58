#include "BreezeHTTPShim.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#if MHD_VERSION < 0x00097500
#error "libmicrohttpd 0.9.75 or later is required"
#endif

static void breeze_http_log(void *context, const char *format, va_list arguments) {
    const breeze_http_options *options = context;
    if (options == NULL || options->log_sink == NULL) return;
    char message[512];
    int length = vsnprintf(message, sizeof message, format, arguments);
    if (length < 0) return;
    size_t end = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
    while (end > 0 && (message[end - 1] == '\n' || message[end - 1] == '\r')) message[--end] = '\0';
    options->log_sink(options->log_context, message);
}

int breeze_http_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

static void breeze_http_notify_connection(void *context, struct MHD_Connection *connection, void **socket_context,
                                          enum MHD_ConnectionNotificationCode code) {
    (void)socket_context;
    const breeze_http_options *options = context;
    if (options == NULL || options->connection_hook == NULL) return;
    int socket = breeze_http_connection_socket(connection);
    if (socket < 0) return;
    options->connection_hook(options->log_context, socket, code == MHD_CONNECTION_NOTIFY_STARTED ? 0 : 2);
}

static void breeze_http_notify_completed(void *context, struct MHD_Connection *connection, void **request_context,
                                         enum MHD_RequestTerminationCode code) {
    (void)request_context;
    (void)code;
    const breeze_http_options *options = context;
    if (options == NULL || options->connection_hook == NULL) return;
    int socket = breeze_http_connection_socket(connection);
    if (socket >= 0) options->connection_hook(options->log_context, socket, 1);
}

struct MHD_Daemon *breeze_http_start(const breeze_http_options *options, breeze_http_handler handler,
                                     void *handler_context) {
    // Optional entries go last: the array ends at the first MHD_OPTION_END.
    struct MHD_OptionItem items[] = {
        {MHD_OPTION_SOCK_ADDR, 0, (void *)options->address},
        {MHD_OPTION_CONNECTION_LIMIT, options->connection_limit, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_ip_connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout_s, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)options->connection_memory_limit, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_INCREMENT, (intptr_t)options->connection_memory_increment, NULL},
        {MHD_OPTION_LISTEN_BACKLOG_SIZE, options->listen_backlog > 0 ? options->listen_backlog : 64, NULL},
#if MHD_VERSION >= 0x00097701
        {MHD_OPTION_CLIENT_DISCIPLINE_LVL, options->client_discipline, NULL},
#endif
        {options->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, options->thread_pool_size,
         NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    unsigned int flags = options->flags;
    if (options->log_sink != NULL) flags |= MHD_USE_ERROR_LOG;
    // `options` must outlive the daemon: the logger reads its sink on libmicrohttpd's threads.
    // The logger goes first, so messages about the other options reach it.
    return MHD_start_daemon(flags, 0, NULL, NULL, (MHD_AccessHandlerCallback)handler, handler_context,
                            MHD_OPTION_EXTERNAL_LOGGER, breeze_http_log, (void *)options,
                            MHD_OPTION_URI_LOG_CALLBACK, options->uri_hook, handler_context,
                            MHD_OPTION_NOTIFY_CONNECTION, breeze_http_notify_connection, (void *)options,
                            MHD_OPTION_NOTIFY_COMPLETED, breeze_http_notify_completed, (void *)options,
                            MHD_OPTION_ARRAY, items,
                            MHD_OPTION_END);
}

uint16_t breeze_http_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

size_t breeze_http_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

unsigned int breeze_http_request_field_count(struct MHD_Connection *connection) {
    // The kinds are bit flags: one call counts all three.
    const enum MHD_ValueKind kinds = (enum MHD_ValueKind)(MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND | MHD_COOKIE_KIND);
    int count = MHD_get_connection_values(connection, kinds, NULL, NULL);
    return count < 0 ? 0 : (unsigned int)count;
}

unsigned int breeze_http_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

unsigned int breeze_http_header_version(void) { return MHD_VERSION; }

int breeze_http_has_client_discipline(void) {
#if MHD_VERSION >= 0x00097701
    return 1;
#else
    return 0;
#endif
}
