#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per argument type. */
static inline CURLcode ledgerpress_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode ledgerpress_curl_set_pointer(CURL *curl, CURLoption option, const void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode ledgerpress_curl_set_read(CURL *curl, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, function);
}
static inline CURLcode ledgerpress_curl_set_debug(
    CURL *curl, int (*function)(CURL *, curl_infotype, char *, size_t, void *)) {
    return curl_easy_setopt(curl, CURLOPT_DEBUGFUNCTION, function);
}
static inline CURLcode ledgerpress_curl_response_code(CURL *curl, long *code) {
    return curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, code);
}
