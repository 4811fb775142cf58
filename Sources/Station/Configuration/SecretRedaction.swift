import Diagnostics
public import JSON

/// Hides what must not reach a log or a pasted bug report: the query values and the userinfo of a URL,
/// where a self-hosted Open-Meteo's or a pollen proxy's API key and credentials are written.
public enum SecretRedaction {
    /// `https://user:pass@host/path?apikey=...` → `https://***@host/path?apikey=***` (``URLRedaction``).
    public static func url(_ text: String) -> String { URLRedaction.redact(text) }

    /// `value` with every string under a key ending in `_url` (or named `url`) redacted, recursively.
    public static func redactingURLs(in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let pairs):
            return .object(pairs.map { pair in
                if pair.key.hasSuffix("_url") || pair.key == "url", case .string(let text) = pair.value {
                    return (key: pair.key, value: .string(url(text)))
                }
                return (key: pair.key, value: redactingURLs(in: pair.value))
            })
        case .array(let items):
            return .array(items.map(redactingURLs(in:)))
        default:
            return value
        }
    }
}
