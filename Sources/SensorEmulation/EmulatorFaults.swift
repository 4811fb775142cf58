/// Faults an emulated sensor injects: the ways real sensors and cables misbehave.
public struct EmulatorFaults: Sendable, Hashable {
    /// Probability (0-1) that random bytes (1-16) precede a frame: line noise, power-up garbage.
    public var garbage: Double
    /// Probability that a frame's checksum (or a CRC) is wrong.
    public var badChecksum: Double
    /// Probability that a frame is cut short.
    public var truncate: Double
    /// The sensor has hung: it sends nothing and answers nothing until reset or power-cycled (an SPS30 keeps
    /// answering on I²C but never has new data).
    public var stalled: Bool
    /// Seed of the fault dice, so a test repeats exactly.
    public var seed: UInt64

    /// No faults.
    public init(
        garbage: Double = 0, badChecksum: Double = 0, truncate: Double = 0, stalled: Bool = false, seed: UInt64 = 1
    ) {
        self.garbage = garbage
        self.badChecksum = badChecksum
        self.truncate = truncate
        self.stalled = stalled
        self.seed = seed
    }

    /// Parses `garbage=0.1,bad-checksum=0.05,truncate=0.02,stall` (the `emulate --faults` option).
    public init(parsing text: String) throws(ScenarioError) {
        self.init()
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0].trimmed
            if name == "stall" || name == "stalled" {
                stalled = true
                continue
            }
            guard parts.count == 2, let value = Double(parts[1]), (0...1).contains(value) else {
                throw ScenarioError("fault '\(item)': expected NAME=PROBABILITY with a probability from 0 to 1")
            }
            switch name {
            case "garbage": garbage = value
            case "bad-checksum", "checksum": badChecksum = value
            case "truncate", "truncated": truncate = value
            case "seed": seed = UInt64(value)
            default: throw ScenarioError("unknown fault '\(name)' (garbage, bad-checksum, truncate, stall)")
            }
        }
    }
}

/// The emulators' dice: SplitMix64, deterministic from a seed.
struct EmulatorRandom: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Applies ``EmulatorFaults`` to outgoing frames.
struct FaultInjector: Sendable, Hashable {
    private var random: EmulatorRandom

    init(seed: UInt64) {
        random = EmulatorRandom(seed: seed)
    }

    /// `frame` with garbage before it, a corrupted checksum byte at `checksumIndex`, or cut short, as the
    /// dice decide.
    mutating func mangle(_ frame: [UInt8], checksumIndex: Int, faults: EmulatorFaults) -> [UInt8] {
        var output: [UInt8] = []
        if faults.garbage > 0, Double.random(in: 0..<1, using: &random) < faults.garbage {
            let count = Int.random(in: 1...16, using: &random)
            output += (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        var frame = frame
        if faults.badChecksum > 0, Double.random(in: 0..<1, using: &random) < faults.badChecksum,
            frame.indices.contains(checksumIndex)
        {
            frame[checksumIndex] ^= UInt8.random(in: 1...255, using: &random)
        }
        if faults.truncate > 0, Double.random(in: 0..<1, using: &random) < faults.truncate, frame.count > 3 {
            frame = Array(frame.prefix(Int.random(in: 2..<(frame.count - 1), using: &random)))
        }
        return output + frame
    }

    /// Whether an event of `probability` happens now.
    mutating func roll(_ probability: Double) -> Bool {
        probability > 0 && Double.random(in: 0..<1, using: &random) < probability
    }
}
