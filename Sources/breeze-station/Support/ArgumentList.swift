/// The arguments of one subcommand, consumed as the command reads them.
///
/// Options are `--name value` or `--name=value`; flags are `--name`. Whatever is left when the command calls
/// ``finish()`` is an error that names the stray argument.
struct ArgumentList {
    private var tokens: [String]

    init(_ tokens: [String]) { self.tokens = tokens }

    /// Whether nothing is left.
    var isEmpty: Bool { tokens.isEmpty }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = tokens.firstIndex(of: name) else { return false }
        tokens.remove(at: index)
        return true
    }

    /// Removes `--name value` (or `--name=value`) and returns the value; nil when absent.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        if let index = tokens.firstIndex(of: name) {
            guard index + 1 < tokens.count else { throw UsageError("\(name) needs a value") }
            let value = tokens[index + 1]
            tokens.removeSubrange(index...(index + 1))
            return value
        }
        let prefix = name + "="
        if let index = tokens.firstIndex(where: { $0.hasPrefix(prefix) }) {
            let value = String(tokens[index].dropFirst(prefix.count))
            tokens.remove(at: index)
            return value
        }
        return nil
    }

    /// Removes and returns the first argument that is not an option; nil when none is left.
    /// A lone `-` is a positional argument (standard input).
    mutating func positional() -> String? {
        guard let index = tokens.firstIndex(where: { !$0.hasPrefix("--") || $0 == "--" }) else { return nil }
        if tokens[index] == "--" {
            tokens.remove(at: index)
            return tokens.isEmpty ? nil : tokens.removeFirst()
        }
        return tokens.remove(at: index)
    }

    /// Throws when anything is left over.
    func finish() throws(UsageError) {
        guard let first = tokens.first else { return }
        if first.hasPrefix("--") {
            throw UsageError("unknown option '\(first)'")
        }
        throw UsageError("unexpected argument '\(first)'")
    }
}
