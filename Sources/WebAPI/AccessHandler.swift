import CMicroHTTPD
import CMicroHTTPDShim

// libmicrohttpd's callbacks. They run on libmicrohttpd's own threads, so they are plain nonisolated C
// function pointers (never closures in main.swift, which would be MainActor-isolated and trap there), and
// reach Swift state only through their `void *` context, an unretained ServerContext the server keeps alive.

/// The access handler. libmicrohttpd calls it first when the headers are read, then again once the request
/// is complete. A response queued on the first call makes libmicrohttpd close the connection afterwards
/// (it cannot know the body was not wanted), so GET and HEAD are answered on the second call and keep the
/// connection alive; other methods are refused on the first call, and their body is never read.
let accessHandler: breeze_http_handler = { context, connection, url, method, _, _, uploadSize, requestContext in
    guard let context, let connection, let url, let method, let requestContext else {
        return Int32(bitPattern: MHD_Result.NO.rawValue)
    }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    if requestContext.pointee == nil, server.isReadOnly(method) {
        // Any non-null marker: "headers seen". Nothing to free later.
        requestContext.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        return Int32(bitPattern: MHD_Result.YES.rawValue)
    }
    if let uploadSize, uploadSize.pointee != 0 {
        // A GET or HEAD with a body: ignore the body.
        uploadSize.pointee = 0
        return Int32(bitPattern: MHD_Result.YES.rawValue)
    }
    return server.answer(connection: connection, url: url, method: method)
}

/// libmicrohttpd's error log, formatted by the C shim.
let errorLogSink: breeze_http_log_sink = { context, message in
    guard let context, let message else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    server.log(String(cString: message))
}
