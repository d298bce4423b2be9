/// The roots real Cast senders trust, as PEM (public certificates from cast-pki; fingerprints checked in tests).
public enum CastRootCertificates {
    /// `CN=Cast Root CA` (OU=Cast, 2014–2034): the root of Chromecast, Google TV and Nest device chains.
    public static let castRootCA = """
        -----BEGIN CERTIFICATE-----
        MIIDxTCCAq2gAwIBAgIBAjANBgkqhkiG9w0BAQUFADB1MQswCQYDVQQGEwJVUzET
        MBEGA1UECAwKQ2FsaWZvcm5pYTEWMBQGA1UEBwwNTW91bnRhaW4gVmlldzETMBEG
        A1UECgwKR29vZ2xlIEluYzENMAsGA1UECwwEQ2FzdDEVMBMGA1UEAwwMQ2FzdCBS
        b290IENBMB4XDTE0MDQwMjE3MzQyNloXDTM0MDMyODE3MzQyNlowdTELMAkGA1UE
        BhMCVVMxEzARBgNVBAgMCkNhbGlmb3JuaWExFjAUBgNVBAcMDU1vdW50YWluIFZp
        ZXcxEzARBgNVBAoMCkdvb2dsZSBJbmMxDTALBgNVBAsMBENhc3QxFTATBgNVBAMM
        DENhc3QgUm9vdCBDQTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBALrZ
        ZZ3aOdPBd/bU0K6PWAhoOUqV7XDP/XkIqarl6binLaBnR4qeyc9wswWHaRHscJiX
        w+bDw+u9xrA9/E/BXjif2s9zMAZbeTfBXoyHR5SaQZIq1pXEcVwnXQixgMaSvRvj
        QZeh7HWfVZ4+n48cx2VkB9OzlqEEn5HE3gp7bNnIwHgxoBlCqeiD48788c7CLiRG
        lQkZysBGsuUButdP87/2aa2ZBPqgBzkO5t9RRwfA5KlcS5TFL7OgMH/nlWuyrzIN
        8YzVbct7R6cIq8sno03PSlrxBdH4YsUQKnRpquZLlvub2GPkWGbTrYpu/3te+aVW
        Hi2CMVvw4iTmQUofrhMCAwEAAaNgMF4wDwYDVR0TBAgwBgEB/wIBAjAdBgNVHQ4E
        FgQUfJoefd95VLzXzF7KmYZFeWV0KBkwHwYDVR0jBBgwFoAUfJoefd95VLzXzF7K
        mYZFeWV0KBkwCwYDVR0PBAQDAgEGMA0GCSqGSIb3DQEBBQUAA4IBAQCA9Fr7PSgZ
        USDX1PsSl0pl8lg1kncwavHXtlEaf5rNx3sDQq1VagCv8OEGwr1reHXb/kERU0o5
        u5o6xlk0Lywz47LWXH/deOtxWznag5DFMeI/I+/a6ystd17ew0PSyWtZgsrV7fqh
        ZFvL8Q0aYuGc6KcYcPBfF5b47Ybbrh3gzz5dLu4WbZUrPP2X8wVaJGhNObb45Fi6
        9eAmeFHFW11OCeVsR4t6Wi6JU+bMNlsmPPhyQwKC0ivN8NOj7BM+UtWDPQfcHUNl
        ejMCAaPOt9ZgUTsJwiOKMv6YGWBik4XNNEbb1SMPedp3ACoCbYNYzgN3NeGjIJPC
        SqKkRhx1LB9N
        -----END CERTIFICATE-----
        """

    /// `CN=Eureka Root CA` (OU=Google TV, 2012–2032): the root of first-generation Chromecast chains.
    public static let eurekaRootCA = """
        -----BEGIN CERTIFICATE-----
        MIIDwzCCAqugAwIBAgIBATANBgkqhkiG9w0BAQUFADB8MQswCQYDVQQGEwJVUzET
        MBEGA1UECAwKQ2FsaWZvcm5pYTEWMBQGA1UEBwwNTW91bnRhaW4gVmlldzETMBEG
        A1UECgwKR29vZ2xlIEluYzESMBAGA1UECwwJR29vZ2xlIFRWMRcwFQYDVQQDDA5F
        dXJla2EgUm9vdCBDQTAeFw0xMjEyMTcyMjM5MzNaFw0zMjEyMTIyMjM5MzNaMHwx
        CzAJBgNVBAYTAlVTMRMwEQYDVQQIDApDYWxpZm9ybmlhMRYwFAYDVQQHDA1Nb3Vu
        dGFpbiBWaWV3MRMwEQYDVQQKDApHb29nbGUgSW5jMRIwEAYDVQQLDAlHb29nbGUg
        VFYxFzAVBgNVBAMMDkV1cmVrYSBSb290IENBMIIBIjANBgkqhkiG9w0BAQEFAAOC
        AQ8AMIIBCgKCAQEAuRHQ6hLcMuHfXDNrGXMdnZ7QOXa/pYQJpv1ubencjzZO6YgC
        vZ/06ET9TPWaAlZqRypjbFhFzHxmJNx5ecMqpLKLoPeitc0Gftu+7AyG8g0kYHSE
        yikjhALYp+078ewmR1TjsS3mZA/2csXpmFIXwPzyLCDIQPhHyTKeO5exi/WYJHBj
        ZhnBUugEBT1fjbzYS693mG8feNG2UCdN5OwUaWcfWK+poBEmPJQyB3/X6Wkfrj9P
        Y4qPidbyGXhcIY6xtlfYwOHufW7d8ToKavG6//mDL9y1pCAXYzbvyGIZzFbOsuox
        iUt4WMG/AxOZ4BLyiKqblNrddnkXHjTRCsQHRQIDAQABo1AwTjAdBgNVHQ4EFgQU
        RE4qR1jYuUiR9k/OdKkdMpqNjekwHwYDVR0jBBgwFoAURE4qR1jYuUiR9k/OdKkd
        MpqNjekwDAYDVR0TBAUwAwEB/zANBgkqhkiG9w0BAQUFAAOCAQEAP8gmoG5cBUB5
        oZipM95odIXurrccM1mwEd6f9E/T61EJfUd+blGF9FTNg5glsbqwV+yT2xLi7FFJ
        epZzm8iWbYWM0+E8+jLiWAx3bYcMNAGqMKl24MDn214b6RAwpOAJSSa5WM1aB+VQ
        dd6aO/ZTfrFTXkUnTxfjCDOyUAq79PwllyneQXUw+nc4qmWKc0/qEXvrfBdgJw68
        PnZS2IvtGvjrN7sR/a5wFwr+4K0Gsx9pinIEwsAzC9YvY0wzERS4YjaIxQNlARmj
        7wC7bw6S/zQcodYx0Fxen5l9x8q9fHIL9Fylfm4EqNKZLFEBFP6iSPB+voQNtNPi
        8w593ov1Mw==
        -----END CERTIFICATE-----
        """

    /// `CN=Cast CRL Root CA` (OU=Cast, 2016–2036): the root of the certificates that sign Cast CRLs.
    public static let castCRLRootCA = """
        -----BEGIN CERTIFICATE-----
        MIIDzjCCAragAwIBAgICAJkwDQYJKoZIhvcNAQELBQAweTELMAkGA1UEBhMCVVMx
        EzARBgNVBAgMCkNhbGlmb3JuaWExFjAUBgNVBAcMDU1vdW50YWluIFZpZXcxEzAR
        BgNVBAoMCkdvb2dsZSBJbmMxDTALBgNVBAsMBENhc3QxGTAXBgNVBAMMEENhc3Qg
        Q1JMIFJvb3QgQ0EwHhcNMTYwODAxMjE0NzQ3WhcNMzYwNzI3MjE0NzQ3WjB5MQsw
        CQYDVQQGEwJVUzETMBEGA1UECAwKQ2FsaWZvcm5pYTEWMBQGA1UEBwwNTW91bnRh
        aW4gVmlldzETMBEGA1UECgwKR29vZ2xlIEluYzENMAsGA1UECwwEQ2FzdDEZMBcG
        A1UEAwwQQ2FzdCBDUkwgUm9vdCBDQTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCC
        AQoCggEBAMJ/wAkh02CJKLWWbv6mrf6u4GY1vZlu6JOFKbreRF2oa/zmzDfdHQ/P
        HjoyLH/gG8m7TDSpHJe1+G1CnE0GaqAtlVU/eB1cq+k6pgg7Wq/0q1N3FJprsjcu
        zW7qvCJdVlVz/b0DL1Ref4vBdDYaGB9k3r8IgEoSDElTuMc721/cWXcvuDoFiva3
        RyqbdGMIMRLme0TRwXzIh7hQY22f17o2U3JHX9xDQ+vXLhHRinqkA/Jq04jmp7id
        gbKwiCTIofqwqtsIZD6LKgdcWoIFmcLVylJ1Iaf6xaHarPf+0MdEdprra9O99Hox
        pq0vWsQxOm3x3XtEgTfPE4Vdlq57lisCAwEAAaNgMF4wDwYDVR0TBAgwBgEB/wIB
        ATAdBgNVHQ4EFgQUGmUStKm5tPyRDJ5n4FvZya1EHLkwHwYDVR0jBBgwFoAUGmUS
        tKm5tPyRDJ5n4FvZya1EHLkwCwYDVR0PBAQDAgIEMA0GCSqGSIb3DQEBCwUAA4IB
        AQCvX4vA98UmiLms9+xND3ar4nSaRDwz9nQ9BCpZdqIFJ8TjosjCr379vrnK6Vuo
        Ks2nHg438W+EXqpCH7rwRLrbh2FokbsdXDrwjgIgdqpHmcdzDZAySrnj/RGLXb0i
        TQV1F2Gipk+wPVKOqsm0jQVaHDbBe4f3+OSBNifsNa65zhVH4RDJFmk6Io5jGDHM
        O1ZpxtQk3ZUlzzTmAK7hhx7uDBTcDYKBMR+PbdLA4XwS953KAuN2NkRTOodxfe0y
        TKSW5uUsxw23lsDzfeVYMvclJcATdtB2bHOrPRXNxeiFFZoCUulhQeJmAcVx5dvA
        pbNMHqyTijVMTdpXIiQdOva9
        -----END CERTIFICATE-----
        """

    /// SHA-256 fingerprints (DER, lower-case hex) of the three roots, in the order above.
    public static let fingerprints = [
        "809af14700b3fe2611ad597eb1584d6354313b64ccdb3390f097fa3e5826d6ca",
        "caf6d1e37b532203e01a76bf07187bb731ccd38801565ab2211a2c0ab7f3bc46",
        "8b77c60291f9d62764613083f49750b1c5caac2d9efbe5a28edf301f9d84831d",
    ]
}
