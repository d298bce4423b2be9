#include "CCastShims.h"
#include <string.h>
#include <stdlib.h>

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

int CCastShims_X509_NAME_print_line(BIO *bio, const X509_NAME *name) {
    unsigned long flags = XN_FLAG_SEP_CPLUS_SPC | XN_FLAG_FN_SN | ASN1_STRFLGS_UTF8_CONVERT | ASN1_STRFLGS_ESC_CTRL
        | ASN1_STRFLGS_ESC_2253;
    return X509_NAME_print_ex(bio, name, 0, flags);
}

int CCastShims_X509_policy_oids(X509 *certificate, char *buffer, int size) {
    int critical = 0;
    CERTIFICATEPOLICIES *policies = X509_get_ext_d2i(certificate, NID_certificate_policies, &critical, NULL);
    if (policies == NULL) {
        // -1: absent; -2: the extension appears twice; >= 0: present but it did not decode.
        return critical == -1 ? 0 : -1;
    }
    int count = sk_POLICYINFO_num(policies);
    int used = 0;
    for (int index = 0; index < count; index++) {
        POLICYINFO *info = sk_POLICYINFO_value(policies, index);
        int length = OBJ_obj2txt(NULL, 0, info->policyid, 1);  // the dotted length, however long
        if (length <= 0) { count = -1; break; }
        if (used + length + 2 > size) { count = -2; break; }
        if (OBJ_obj2txt(buffer + used, size - used, info->policyid, 1) != length) { count = -1; break; }
        used += length;
        buffer[used++] = '\n';
    }
    if (count >= 0 && size > 0) buffer[used < size ? used : size - 1] = '\0';
    CERTIFICATEPOLICIES_free(policies);
    return count;
}

int CCastShims_X509_add_extension_text(X509 *certificate, X509 *issuer, int nid, const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &context, nid, value);
    if (extension == NULL) return 0;
    int added = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

int CCastShims_X509_add_policies(X509 *certificate, const char *oids) {
    CERTIFICATEPOLICIES *policies = CERTIFICATEPOLICIES_new();
    if (policies == NULL) return 0;
    int ok = 1;
    const char *start = oids;
    while (ok && *start != '\0') {
        const char *end = strchr(start, '\n');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        if (length == 0) { ok = 0; break; }
        char *oid = malloc(length + 1);
        if (oid == NULL) { ok = 0; break; }
        memcpy(oid, start, length);
        oid[length] = '\0';
        POLICYINFO *info = POLICYINFO_new();
        if (info == NULL) { free(oid); ok = 0; break; }
        ASN1_OBJECT_free(info->policyid);
        info->policyid = OBJ_txt2obj(oid, 1);
        free(oid);
        if (info->policyid == NULL || !sk_POLICYINFO_push(policies, info)) { POLICYINFO_free(info); ok = 0; break; }
        start = end ? end + 1 : start + length;
    }
    if (ok) ok = X509_add1_ext_i2d(certificate, NID_certificate_policies, policies, 0, X509V3_ADD_DEFAULT) == 1;
    CERTIFICATEPOLICIES_free(policies);
    return ok;
}
