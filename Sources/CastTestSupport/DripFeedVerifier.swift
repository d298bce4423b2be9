import CastNet

/// Checks that a streaming decoder gives the same messages and the same error however its input is split: all at
/// once, one byte at a time, and in seeded random splits (the shape of swift-nio's ByteToMessageDecoderVerifier).
///
/// The decoder is driven through three closures: `feed` hands it a chunk, `next` pulls one output (`nil` = needs
/// more bytes), `finish` signals end of input. Errors are compared by their `String(describing:)` text, so offsets
/// inside them must not depend on the split either.
public struct DripFeedVerifier: Sendable {
    /// What one way of feeding produced.
    public struct Outcome<Output: Equatable>: Equatable {
        /// Outputs in order.
        public var outputs: [Output]
        /// The error that ended decoding, if any, as text.
        public var error: String?
    }

    /// The result of a verification: the reference outcome (all at once) and every disagreement found.
    public struct Report<Output: Equatable> {
        /// What feeding everything at once produced.
        public var reference: Outcome<Output>
        /// One line per strategy whose outcome differed from the reference; empty when all agree.
        public var mismatches: [String]
        /// How many feeding strategies ran.
        public var strategiesRun: Int
    }

    /// How many random splittings to try.
    public var randomSplits: Int
    /// Seed for the random splits, so failures are reproducible.
    public var seed: UInt64

    /// A verifier running `randomSplits` seeded random splittings besides the two fixed strategies.
    public init(randomSplits: Int = 16, seed: UInt64 = 0xCA57_5C0E) {
        self.randomSplits = randomSplits
        self.seed = seed
    }

    /// Runs every strategy on `input` and compares them with feeding it all at once.
    public func verify<Decoder, Output: Equatable>(
        input: [UInt8],
        makeDecoder: () -> Decoder,
        feed: (inout Decoder, ArraySlice<UInt8>) -> Void,
        next: (inout Decoder) throws -> Output?,
        finish: (inout Decoder) throws -> Void = { _ in }
    ) -> Report<Output> {
        func run(_ chunks: [Range<Int>]) -> Outcome<Output> {
            var decoder = makeDecoder()
            var outcome = Outcome<Output>(outputs: [], error: nil)
            do {
                for chunk in chunks {
                    feed(&decoder, input[chunk])
                    while let output = try next(&decoder) { outcome.outputs.append(output) }
                }
                try finish(&decoder)
            } catch {
                outcome.error = String(describing: error)
            }
            return outcome
        }

        let reference = run(input.isEmpty ? [] : [0..<input.count])
        var mismatches: [String] = []
        var strategies: [(String, [Range<Int>])] = [("one byte at a time", (0..<input.count).map { $0..<$0 + 1 })]
        var rng = SeededGenerator(seed: seed)
        for round in 0..<randomSplits {
            var chunks: [Range<Int>] = []
            var start = 0
            // Alternate small and large chunks so both header splits and multi-frame chunks occur.
            let maxChunk = round % 2 == 0 ? 8 : max(1, input.count / 3)
            while start < input.count {
                let size = Int(rng.next() % UInt64(maxChunk)) + 1
                let end = min(input.count, start + size)
                chunks.append(start..<end)
                start = end
            }
            strategies.append(("random split #\(round) (seed \(seed))", chunks))
        }
        for (name, chunks) in strategies {
            let outcome = run(chunks)
            if outcome != reference {
                mismatches.append("\(name): \(outcome.outputs.count) outputs, error \(outcome.error ?? "none"); "
                    + "all at once gave \(reference.outputs.count) outputs, error \(reference.error ?? "none")")
            }
        }
        return Report(reference: reference, mismatches: mismatches, strategiesRun: strategies.count + 1)
    }
}
