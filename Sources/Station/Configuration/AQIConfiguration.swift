public import AirQuality
public import Configuration
public import JSON

/// The `aqi` section: which air-quality index the station shows (LEDs, the status page's ring, MQTT's main
/// entity) and which more it reports beside it (`indices` in the API, metrics, MQTT). docs/indices.md lists
/// the indices.
public struct AQIConfiguration: Sendable, Hashable {
    /// `aqi.index`: the index shown; default `us-epa`.
    public var index: AirQualityIndexID
    /// `aqi.also`: more indices reported beside it, in order, without repeats or the chosen one.
    public var also: [AirQualityIndexID]

    /// A configuration; `also` loses repeats and the chosen index.
    public init(index: AirQualityIndexID = .usEPA, also: [AirQualityIndexID] = []) {
        self.index = index
        var seen: Set<AirQualityIndexID> = [index]
        self.also = also.filter { seen.insert($0).inserted }
    }

    /// Reads the section (nil: the defaults); problems are recorded in it with their key paths.
    public init(section: ConfigSection?) {
        self.init()
        guard let section else { return }
        let chosen = section.choice("index", as: AirQualityIndexID.self) ?? .usEPA
        var more: [AirQualityIndexID] = []
        if let items = section.array("also") {
            let names = AirQualityIndexID.allCases.map(\.rawValue)
            for (position, item) in items.enumerated() {
                let path = "\(section.keyPath("also"))[\(position)]"
                guard case .string(let text) = item else {
                    section.record(.mismatch(path, expected: "an index name", found: ConfigSection.describe(item)))
                    continue
                }
                guard let id = AirQualityIndexID(rawValue: text) else {
                    let choices = names.map { "\"\($0)\"" }.joined(separator: ", ")
                    let suggestion = DidYouMean.suggestion(for: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                    section.record(.mismatch(path, expected: "one of \(choices)", found: "\"\(text)\"\(suggestion)"))
                    continue
                }
                more.append(id)
            }
        }
        self.init(index: chosen, also: more)
    }

    /// Every configured index, the chosen one first.
    public var all: [AirQualityIndexID] { [index] + also }

    /// The effective values.
    public var json: JSONValue {
        ["index": .string(index.rawValue), "also": .array(also.map { .string($0.rawValue) })]
    }
}
