#ifndef CCASTSHIMS_H
#define CCASTSHIMS_H
// Wrappers for C macros and inline functions Swift cannot import (OpenSSL, Avahi). Prefixed CCastShims_.
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

/// SSL_CTX_set_min_proto_version is a macro.
int CCastShims_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version);
/// SSL_CTX_set_max_proto_version is a macro.
int CCastShims_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version);
/// SSL_set_tlsext_host_name is a macro.
int CCastShims_SSL_set_tlsext_host_name(SSL *connection, const char *name);
/// BIO_get_mem_data is a macro.
long CCastShims_BIO_get_mem_data(BIO *bio, char **data);
/// BIO_set_mem_eof_return is a macro; -1 makes an empty memory BIO read as "retry" instead of EOF.
long CCastShims_BIO_set_mem_eof_return(BIO *bio, int value);
/// BIO_pending is a macro.
long CCastShims_BIO_pending(BIO *bio);
/// sk_X509_num is a macro.
int CCastShims_sk_X509_num(const STACK_OF(X509) *stack);
/// sk_X509_value is a macro.
X509 *CCastShims_sk_X509_value(const STACK_OF(X509) *stack, int index);
/// sk_X509_new_null is a macro.
STACK_OF(X509) *CCastShims_sk_X509_new_null(void);
/// sk_X509_push is a macro.
int CCastShims_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate);
/// sk_X509_free is a macro.
void CCastShims_sk_X509_free(STACK_OF(X509) *stack);
/// sk_X509_pop_free(stack, X509_free) is a macro.
void CCastShims_sk_X509_pop_free(STACK_OF(X509) *stack);
/// SSL_CTX_get_ex_new_index is a macro.
int CCastShims_SSL_CTX_get_ex_new_index(void);
/// SSL_get_ex_new_index is a macro.
int CCastShims_SSL_get_ex_new_index(void);
/// SSL_CTX_set_mode is a macro.
long CCastShims_SSL_CTX_set_mode(SSL_CTX *context, long mode);
/// ERR_GET_LIB is an inline function.
int CCastShims_ERR_GET_LIB(unsigned long code);
/// ERR_GET_REASON is an inline function.
int CCastShims_ERR_GET_REASON(unsigned long code);
/// EVP_MAX_MD_SIZE as a function so Swift sees a plain int.
int CCastShims_EVP_MAX_MD_SIZE(void);
/// Prints `name` on one line as "C=US, O=Google Inc, CN=…" (UTF-8, RFC 2253 escapes, in certificate order).
int CCastShims_X509_NAME_print_line(BIO *bio, const X509_NAME *name);
/// Writes the certificate policy OIDs of `certificate`, dotted and separated by newlines, into `buffer`.
/// Returns how many there are: 0 without the extension, -1 when it does not decode, -2 when `size` is too small.
int CCastShims_X509_policy_oids(X509 *certificate, char *buffer, int size);
/// Adds the v3 extension `nid` written in openssl.cnf syntax (`critical,CA:TRUE,pathlen:0`); `issuer` for key ids.
int CCastShims_X509_add_extension_text(X509 *certificate, X509 *issuer, int nid, const char *value);
/// Adds a non-critical certificatePolicies extension holding `oids` (dotted, newline-separated). 1 on success.
int CCastShims_X509_add_policies(X509 *certificate, const char *oids);
#endif
