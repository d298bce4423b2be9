// swift-tools-version:6.2
import PackageDescription

/// Settings every castscope target shares: Swift 6 mode plus the upcoming features style.md §8.10 asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// One libFuzzer target per parser; a plain build links them as executables that print how to fuzz.
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzJSON", ["CastJSON"]),
    ("FuzzFilterFile", ["CastLog"]),
    ("FuzzLogLine", ["CastLog"]),
    ("FuzzTailBackward", ["CastLog"]),
    ("FuzzTerminalText", ["CastLog"]),
    ("FuzzAppLogLine", ["CastLog"]),
    ("FuzzArguments", ["CastCLI"]),
    ("FuzzFrames", ["CastWire", "CastJSON"]),
    ("FuzzCastMessage", ["CastWire"]),
    ("FuzzDeviceAuth", ["CastWire"]),
    ("FuzzDNS", ["CastWire", "CastJSON"]),
    ("FuzzPacket", ["CastWire"]),
    ("FuzzTLSHandshake", ["CastWire"]),
    ("FuzzInspectPackets", ["CastInspect", "CastWire", "CastLog"]),
    ("FuzzTLSDecryptor", ["CastInspect"]),
    ("FuzzSenderInbound", ["CastSender", "CastWire", "CastNet"]),
    ("FuzzChannelInbound", ["CastChannel", "CastNet", "CastTLS", "CastWire", "CastTestKit"]),
    ("FuzzReceiver", ["CastReceiver"]),
    ("FuzzMDNSQuerier", ["CastDiscovery", "CastNet", "CastWire"]),
    ("FuzzDeviceLookup", ["CastDiscovery"]),
    ("FuzzEurekaInfo", ["CastDiscovery"]),
    ("FuzzMultizone", ["CastWire", "CastJSON"]),
    ("FuzzCaptureFile", ["CastInspect"]),
    ("FuzzCastCRL", ["CastWire", "CastTLS"]),
    ("FuzzCertificateChain", ["CastTLS"]),
    ("FuzzMP4", ["CastMedia"]),
    ("FuzzHLS", ["CastMedia"]),
    ("FuzzMediaSniffer", ["CastMedia"]),
    ("FuzzMatroska", ["CastMedia"]),
    ("FuzzTS", ["CastMedia"]),
    ("FuzzDASH", ["CastMedia"]),
    ("FuzzHTTPHead", ["CastWire"]),
]

let package = Package(
    name: "castscope",
    products: [
        .executable(name: "castscope", targets: ["castscope"]),
        // Every library the README offers other Swift programs, one product each, and the test kit (as swift-nio
        // ships NIOTestUtils).
        .library(name: "CastJSON", targets: ["CastJSON"]),
        .library(name: "CastLog", targets: ["CastLog"]),
        .library(name: "CastWire", targets: ["CastWire"]),
        .library(name: "CastMedia", targets: ["CastMedia"]),
        .library(name: "CastFetch", targets: ["CastFetch"]),
        .library(name: "CastMonitor", targets: ["CastMonitor"]),
        .library(name: "CastTLS", targets: ["CastTLS"]),
        .library(name: "CastNet", targets: ["CastNet"]),
        .library(name: "CastChannel", targets: ["CastChannel"]),
        .library(name: "CastDiscovery", targets: ["CastDiscovery"]),
        .library(name: "CastSender", targets: ["CastSender"]),
        .library(name: "CastReceiver", targets: ["CastReceiver"]),
        .library(name: "CastInspect", targets: ["CastInspect"]),
        .library(name: "CastCLI", targets: ["CastCLI"]),
        .library(name: "CastTestSupport", targets: ["CastTestSupport"]),
        .library(name: "CastTestKit", targets: ["CastTestKit"]),
    ],
    targets: [
        .target(name: "CastJSON", swiftSettings: strictSettings, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CCastLogShims"),
        .target(name: "CastLog", dependencies: ["CCastLogShims", "CastJSON"], swiftSettings: strictSettings),
        .target(name: "CastWire", dependencies: ["CastJSON"], swiftSettings: strictSettings),
        // Media probing (#31): containers, manifests and codec strings, pure bytes to values like CastWire.
        .target(name: "CastMedia", swiftSettings: strictSettings),
        .target(name: "CastCLI", swiftSettings: strictSettings),
        .executableTarget(
            name: "castscope",
            dependencies: ["CastCLI", "CastLog", "CastWire", "CastJSON", "CastTLS", "CastNet", "CastDiscovery", "CastInspect", "CastReceiver", "CastSender", "CastMedia", "CastFetch", "CastMonitor"],
            swiftSettings: strictSettings
        ),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // No pkgConfig: libcurl's adds the multiarch include directory, which clang searches anyway.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CPcap", pkgConfig: "libpcap", providers: [.apt(["libpcap-dev"])]),
        // No pkgConfig for Avahi: its -D_REENTRANT flag makes SwiftPM warn on every build; the modulemap links it.
        .systemLibrary(name: "CAvahi", providers: [.apt(["libavahi-client-dev"])]),
        .target(name: "CCastShims", dependencies: ["COpenSSL"]),
        .target(name: "CastTLS", dependencies: ["COpenSSL", "CCastShims", "CastWire", "CastLog"], swiftSettings: strictSettings),
        // The long run (#33): probes, events, availability, the Prometheus exposition and its endpoint.
        .target(name: "CastMonitor", dependencies: ["CastDiscovery", "CastInspect", "CastNet", "CastWire", "CastJSON"],
                swiftSettings: strictSettings),
        // Fetching media as a receiver would (#31): libcurl for the requests, CastTLS for the verdict on chains.
        .target(name: "CastFetch", dependencies: ["CCurl", "CastMedia", "CastTLS", "CastJSON"], swiftSettings: strictSettings),
        // Glibc's Swift module leaves out epoll, eventfd, timerfd and the CMSG macros; this header brings them in.
        .target(name: "CCastNetShims"),
        .target(name: "CastNet", dependencies: ["CCastNetShims", "CastLog"], swiftSettings: strictSettings),
        .target(
            name: "CastChannel", dependencies: ["CastWire", "CastTLS", "CastNet", "CastJSON", "CastLog"],
            swiftSettings: strictSettings),
        .target(
            name: "CastDiscovery", dependencies: ["CastWire", "CastNet", "CAvahi", "CastJSON", "CastLog"],
            swiftSettings: strictSettings),
        .target(name: "CCastMemoryShims"),
        .target(
            name: "CastInspect", dependencies: ["CastWire", "CastTLS", "CPcap", "CCastMemoryShims", "CastJSON", "CastLog"],
            swiftSettings: strictSettings),
        .target(
            name: "CastReceiver", dependencies: ["CastChannel", "CastDiscovery", "CastWire", "CastTLS", "CastNet", "CastJSON", "CastLog", "CastFetch", "CastMedia"],
            swiftSettings: strictSettings),
        .target(
            name: "CastSender", dependencies: ["CastChannel", "CastDiscovery", "CastWire", "CastTLS", "CastJSON", "CastNet", "CastLog"],
            swiftSettings: strictSettings),
        .target(name: "CMallocCounter", path: "Sources/CMallocCounter"),
        .target(name: "FuzzSupport", swiftSettings: strictSettings),
        // The fakes a program's own tests drive the stack with (in-memory transports, a manual clock); no Testing
        // dependency, so fuzz targets link it too.
        .target(name: "CastTestKit", dependencies: ["CastChannel", "CastNet", "CastTLS"], swiftSettings: strictSettings),
        .target(
            name: "CastTestSupport",
            dependencies: ["CastLog", "CastNet", "CMallocCounter"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CastJSONTests", dependencies: ["CastJSON"], swiftSettings: strictSettings),
        .testTarget(
            name: "CastLogTests",
            dependencies: ["CastLog", "CastJSON", "CastTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CastCLITests", dependencies: ["CastCLI"], swiftSettings: strictSettings),
        .testTarget(name: "CastMediaTests", dependencies: ["CastMedia", "CastTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "CastMonitorTests", dependencies: ["CastMonitor", "CastNet", "CastTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "CastFetchTests", dependencies: ["CastFetch", "CastMedia", "CastTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "CastWireTests",
            dependencies: ["CastWire", "CastJSON", "CastTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CastTLSTests", dependencies: ["CastTLS", "CastWire", "CastLog", "CastTestSupport", "CastTestKit", "CastNet"], resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(name: "CastNetTests", dependencies: ["CastNet", "CastTestSupport", "CastTestKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "CastChannelTests", dependencies: ["CastChannel", "CastWire", "CastTLS", "CastNet", "CastJSON", "CastLog", "CastTestSupport", "CastTestKit"], resources: [.copy("Fixtures")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "CastDiscoveryTests", dependencies: ["CastDiscovery", "CastWire", "CastJSON", "CastNet", "CastLog", "CastTestSupport", "CastTestKit"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "CastInspectTests", dependencies: ["CastInspect", "CastTLS", "CastWire", "CastJSON", "CastLog", "CastTestSupport", "CastTestKit", "CastNet"], swiftSettings: strictSettings),
        .testTarget(
            name: "CastReceiverTests", dependencies: ["CastReceiver", "CastFetch", "CastMedia", "CastDiscovery", "CastChannel", "CastWire", "CastTLS", "CastNet", "CastJSON", "CastLog", "CastTestSupport", "CastTestKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "CastSenderTests", dependencies: ["CastSender", "CastReceiver", "CastChannel", "CastDiscovery", "CastWire", "CastTLS", "CastNet", "CastJSON", "CastLog", "CastTestSupport", "CastTestKit"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "castscopeTests",
            dependencies: ["castscope", "CastJSON", "CastNet", "CastReceiver", "CastTLS", "CastWire", "CastTestSupport"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "LogBench",
            dependencies: ["CastLog", "CastTestSupport"],
            path: "Benchmarks/LogBench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "WireBench",
            dependencies: ["CastWire", "CastTestSupport"],
            path: "Benchmarks/WireBench",
            exclude: ["pyframes.py", "pydns.py"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "ChannelBench",
            dependencies: ["CastReceiver", "CastNet", "CastTLS", "CastWire", "CastJSON"],
            path: "Benchmarks/ChannelBench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "SenderBench",
            dependencies: ["CastSender", "CastReceiver", "CastDiscovery", "CastNet", "CastWire"],
            path: "Benchmarks/SenderBench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "MDNSMixes",
            dependencies: ["CastWire"],
            path: "Benchmarks/MDNSMixes",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "DiscoveryBench",
            dependencies: ["CastDiscovery", "CastNet", "CastWire"],
            path: "Benchmarks/DiscoveryBench",
            swiftSettings: strictSettings
        ),
    ] + fuzzTargets.map { fuzz in
        .executableTarget(name: fuzz.name, dependencies: fuzz.dependencies + ["FuzzSupport"], path: "Fuzz/\(fuzz.name)",
                          swiftSettings: strictSettings)
    },
    swiftLanguageModes: [.v6]
)
