#include "CCastShims.h"

int CCastShims_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}
int CCastShims_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}
int CCastShims_SSL_set_tlsext_host_name(SSL *connection, const char *name) {
    return (int)SSL_set_tlsext_host_name(connection, name);
}
long CCastShims_BIO_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
int CCastShims_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
X509 *CCastShims_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
STACK_OF(X509) *CCastShims_sk_X509_new_null(void) { return sk_X509_new_null(); }
int CCastShims_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) { return sk_X509_push(stack, certificate); }
void CCastShims_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
