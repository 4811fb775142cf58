/// One level (category) of an index: the index values it covers, its name, its official colour and advice.
public struct IndexLevel: Sendable, Hashable {
    /// Machine name, the API's `level` string, e.g. `"fair"`, `"very_high"`.
    public let key: String
    /// The name as the index's document writes it, e.g. "Fair".
    public let name: String
    /// The index's own colour for the level.
    public let color: RGBColor
    /// One line of advice for the general population, paraphrasing the index's document.
    public let advice: String
    /// The index values in this level; the top level is open-ended (`...Int.max`).
    public let values: ClosedRange<Int>
    /// Position on the index's scale, 0 = best; bar-gauge LEDs use it.
    public let ordinal: Int

    /// A level.
    public init(key: String, name: String, color: RGBColor, advice: String, values: ClosedRange<Int>, ordinal: Int) {
        self.key = key
        self.name = name
        self.color = color
        self.advice = advice
        self.values = values
        self.ordinal = ordinal
    }
}
