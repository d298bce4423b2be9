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
long CCastShims_BIO_set_mem_eof_return(BIO *bio, int value) { return BIO_set_mem_eof_return(bio, value); }
long CCastShims_BIO_pending(BIO *bio) { return (long)BIO_pending(bio); }
int CCastShims_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
X509 *CCastShims_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
STACK_OF(X509) *CCastShims_sk_X509_new_null(void) { return sk_X509_new_null(); }
int CCastShims_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) { return sk_X509_push(stack, certificate); }
void CCastShims_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
void CCastShims_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }
int CCastShims_SSL_CTX_get_ex_new_index(void) { return SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
int CCastShims_SSL_get_ex_new_index(void) { return SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
long CCastShims_SSL_CTX_set_mode(SSL_CTX *context, long mode) { return SSL_CTX_set_mode(context, mode); }
int CCastShims_ERR_GET_LIB(unsigned long code) { return ERR_GET_LIB(code); }
int CCastShims_ERR_GET_REASON(unsigned long code) { return ERR_GET_REASON(code); }
int CCastShims_EVP_MAX_MD_SIZE(void) { return EVP_MAX_MD_SIZE; }
