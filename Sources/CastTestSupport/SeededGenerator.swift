public import CastNet

/// The test kit's random source: CastNet's SplitMix64 from a fixed seed, so a test that draws random inputs draws
/// the same ones on every run and a failure replays.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
