#ifndef CCASTSHIMS_H
#define CCASTSHIMS_H
// Wrappers for C macros and inline functions Swift cannot import (OpenSSL, Avahi). Prefixed CCastShims_.
#include <openssl/ssl.h>
#include <openssl/x509.h>

/// SSL_CTX_set_min_proto_version is a macro.
int CCastShims_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version);
/// SSL_CTX_set_max_proto_version is a macro.
int CCastShims_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version);
/// SSL_set_tlsext_host_name is a macro.
int CCastShims_SSL_set_tlsext_host_name(SSL *connection, const char *name);
/// BIO_get_mem_data is a macro.
long CCastShims_BIO_get_mem_data(BIO *bio, char **data);
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
#endif
