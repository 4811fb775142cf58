import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#endif

// libmicrohttpd's callbacks. They run on libmicrohttpd's own threads, so they are plain nonisolated C
// function pointers (never closures in main.swift, which would be MainActor-isolated and trap there), and
// reach Swift state only through their `void *` context, an unretained ServerContext the server keeps alive.

/// The access handler. libmicrohttpd calls it first when the headers are read, then again once the request
/// is complete. A response queued on the first call makes libmicrohttpd close the connection afterwards
/// (it cannot know the body was not wanted), so GET and HEAD are answered on the second call and keep the
/// connection alive; other methods are refused on the first call, and their body is never read.
///
/// On the first call a head over the station's budget gets a JSON 414 or 431 (``RequestHeadBudget``) and a
/// target holding a NUL a JSON 400, each closing the connection.
///
/// `*requestContext` is a ``RequestMark`` set by ``requestTargetHook`` before the first call.
let accessHandler: breeze_http_handler = { context, connection, url, method, version, _, uploadSize, requestContext in
    guard let context, let connection, let url, let method, let requestContext else {
        return Int32(bitPattern: MHD_Result.NO.rawValue)
    }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    var mark = RequestMark(requestContext.pointee)
    if !mark.headersSeen {
        let span = RequestMark.targetSpan(url: url, version: version)
        // Size first: an oversize head is refused whatever it holds.
        if let refused = server.refuseOversize(connection: connection, targetLength: max(mark.rawTargetLength, span)) {
            return refused
        }
        if mark.hasNUL || mark.rawTargetLength < span {
            return server.refuseNUL(connection: connection)
        }
        server.watch.headersComplete(breeze_http_connection_socket(connection))
        if server.isReadOnly(method) {
            mark.headersSeen = true
            requestContext.pointee = mark.pointer
            return Int32(bitPattern: MHD_Result.YES.rawValue)
        }
    }
    if let uploadSize, uploadSize.pointee != 0 {
        // A GET or HEAD with a body: ignore the body.
        uploadSize.pointee = 0
        return Int32(bitPattern: MHD_Result.YES.rawValue)
    }
    return server.answer(connection: connection, url: url, method: method)
}

/// libmicrohttpd's URI log callback: the request target as it came, before libmicrohttpd percent-decodes it
/// in place and splits off the query. A NUL, raw or as `%00`, would cut the C string the routes are matched
/// against (`/api/v1/current%00evil` would match `/api/v1/current`), so it is noted here and refused with 400.
let requestTargetHook: breeze_http_uri_hook = { _, uri, _ in
    guard let uri else { return RequestMark(rawTargetLength: 0, hasNUL: false).pointer }
    let length = strlen(uri)
    let hasNUL = strstr(uri, "%00") != nil
    return RequestMark(rawTargetLength: length, hasNUL: hasNUL).pointer
}

/// Connection events from the C shim, for the deadlines of ``ConnectionWatch``.
let connectionHook: breeze_http_connection_hook = { context, socket, event in
    guard let context else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    switch event {
    case 0: server.watch.started(socket)
    case 1: server.watch.requestCompleted(socket)
    default: server.watch.closed(socket)
    }
}

/// libmicrohttpd's error log, formatted by the C shim.
let errorLogSink: breeze_http_log_sink = { context, message in
    guard let context, let message else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    server.log(String(cString: message))
}
