// OpenSSL's libcrypto (Debian's libssl-dev): SHA-256, HMAC-SHA256, Ed25519. LibCrypto.swift is the only file that
// imports it. SHA256_Init/Update/Final are deprecated since OpenSSL 3.0 in favour of EVP_MD_CTX, but they are still
// there (3.x), need no allocation and no provider look-up per hash, and their context is a plain struct (a Swift
// value: a copy of a hasher goes on from the same state): their deprecation warnings are silenced here.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
