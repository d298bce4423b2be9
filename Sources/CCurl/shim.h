#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per kind of
// argument. Prefixed CCurl_.
#include <curl/curl.h>

/// The data and header callbacks' C type.
typedef size_t (*CCurl_data_callback)(char *data, size_t size, size_t count, void *context);

/// curl_easy_setopt with a long argument (CURLOPTTYPE_LONG options).
static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt with a string argument (CURLOPTTYPE_STRINGPOINT options; libcurl copies it).
static inline CURLcode CCurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt with an object pointer (CURLOPTTYPE_OBJECTPOINT/SLISTPOINT/CBPOINT options).
static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_setopt with a data callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
static inline CURLcode CCurl_setopt_callback(CURL *handle, CURLoption option, CCurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
/// curl_easy_getinfo for CURLINFO_LONG values.
static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
/// curl_easy_getinfo for CURLINFO_STRING values (owned by the handle).
static inline CURLcode CCurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
/// curl_easy_getinfo for CURLINFO_DOUBLE values.
static inline CURLcode CCurl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}
/// curl_easy_getinfo for CURLINFO_CERTINFO (owned by the handle).
static inline CURLcode CCurl_getinfo_certinfo(CURL *handle, struct curl_certinfo **value) {
    return curl_easy_getinfo(handle, CURLINFO_CERTINFO, value);
}
#endif
