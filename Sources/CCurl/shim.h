// The C view of libcurl for Swift, and typed wrappers for the calls Swift cannot make.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic (and macros under GCC/Clang's
// type checking), so Swift cannot call them; each wrapper below passes exactly one argument type.
#ifndef BREEZE_CCURL_SHIM_H
#define BREEZE_CCURL_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <curl/curl.h>

/// A `long` option (timeouts in ms, flags, limits).
static inline CURLcode breeze_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// A `curl_off_t` option (CURLOPT_MAXFILESIZE_LARGE).
static inline CURLcode breeze_curl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// A string option (URL, User-Agent, Accept-Encoding); libcurl copies the string.
static inline CURLcode breeze_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// A pointer option (CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_PRIVATE, CURLOPT_ERRORBUFFER).
static inline CURLcode breeze_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// A header list option (CURLOPT_HTTPHEADER); the list must outlive the transfer.
static inline CURLcode breeze_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// The body and header callbacks share libcurl's write-callback signature.
typedef size_t (*breeze_curl_write_callback)(char *data, size_t size, size_t count, void *context);

/// CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
static inline CURLcode breeze_curl_easy_setopt_write_function(
    CURL *handle, CURLoption option, breeze_curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// A `long` result (CURLINFO_RESPONSE_CODE, CURLINFO_OS_ERRNO).
static inline CURLcode breeze_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// A pointer result (CURLINFO_PRIVATE).
static inline CURLcode breeze_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// A `long` option of a multi handle (CURLMOPT_MAX_TOTAL_CONNECTIONS, ...).
static inline CURLMcode breeze_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The easy handle and result of a finished transfer from curl_multi_info_read (the result lives in a union).
static inline CURL *breeze_curl_msg_easy_handle(const CURLMsg *message) { return message->easy_handle; }
static inline int breeze_curl_msg_is_done(const CURLMsg *message) { return message->msg == CURLMSG_DONE; }
static inline CURLcode breeze_curl_msg_result(const CURLMsg *message) { return message->data.result; }

#endif
