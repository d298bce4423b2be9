// WireBench: throughput of CastWire's decoders next to their Python peers. Run with scripts/bench-wire.
runFrameBenchmark()
runDNSBenchmark()
