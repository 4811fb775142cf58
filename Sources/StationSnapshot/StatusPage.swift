import Diagnostics
import AirQuality
import FoundationEssentials
import Measurements

/// `GET /`: the Breeze AQI card as one self-contained HTML page (inline CSS, SVG and script; no external
/// assets, so it works on a LAN without internet). It refreshes itself every minute by fetching itself and
/// swapping the card, works without JavaScript (a `<noscript>` refresh), follows the system's light or dark
/// mode, and says in text everything it says in colour.
public enum StatusPage {
    /// Seconds between refreshes.
    public static let refreshSeconds = 60

    /// The page.
    public static func render(_ snapshot: StationSnapshot) -> String {
        let reading = snapshot.aqi
        let color = StatusRing(snapshot).color
        let name = HTMLText.escape(snapshot.station.name)
        let title = reading.map { "AQI \($0.value) · \($0.level.text) · " } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(HTMLText.escape(title))\(name) · Breeze Station</title>
            <noscript><meta http-equiv="refresh" content="\(refreshSeconds)"></noscript>
            <style>\(css)</style>
            </head>
            <body>
            \(main(snapshot, color: color))
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    static func main(_ snapshot: StationSnapshot, color: String) -> String {
        let reading = snapshot.aqi
        let level = reading?.level
        let ring = StatusRing(snapshot)
        let levelText = ring.levelText
        let badgeText = ring.rgb.map { HTMLText.textColor(on: $0) } ?? "#000000"
        let value = ring.value
        let circumference = 326.73
        let filled = ring.fraction * circumference
        let ringLabel = ring.label
        let share = snapshot.shareText ?? ""
        return """
            <main id="station" data-aqi="\(reading.map { String($0.value) } ?? "")" data-level="\(ring.levelKey)" data-color="\(color)" style="--level:\(color);--on-level:\(badgeText)">
            <header>
            <h1>\(HTMLText.escape(snapshot.station.name))</h1>
            <p class="meta">Updated <time datetime="\(ISO8601Time.format(snapshot.time))" data-local>\(HTMLText.clock(snapshot.time)) UTC</time> · \(coordinates(snapshot.station)) <span id="refresh-status" role="status"></span></p>
            </header>
            <section class="card" aria-labelledby="now">
            <h2 id="now" class="sr-only">Air quality now</h2>
            <div class="ring" role="img" aria-label="\(HTMLText.escape(ringLabel))">
            <svg viewBox="0 0 120 120" aria-hidden="true"><circle class="track" cx="60" cy="60" r="52"/><circle id="ring-value" class="fill" cx="60" cy="60" r="52" stroke="\(color)" stroke-dasharray="\(format(filled)) \(format(circumference))" transform="rotate(-90 60 60)"/></svg>
            <div class="ring-text"><span id="aqi-value" class="number">\(value)</span><span class="unit">\(HTMLText.escape(ring.unit))</span></div>
            </div>
            <p id="aqi-level" class="level"><span class="emoji" aria-hidden="true">\(snapshot.chosenOtherIndex == nil ? level?.emoji ?? "" : "")</span> <span id="aqi-level-text">\(HTMLText.escape(levelText))</span></p>
            <p id="aqi-description" class="description">\(HTMLText.escape(ring.description ?? "The station has no sensor reading and no regional value yet."))</p>
            <p class="basis">\(HTMLText.escape(basis(snapshot)))</p>
            <button id="share" type="button" data-share="\(HTMLText.escape(share))"\(share.isEmpty ? " disabled" : "")>Share</button> <span id="share-status" role="status"></span>
            </section>
            \(tips(level))
            \(comparison(snapshot))
            \(IndexSection.render(snapshot))
            \(sensor(snapshot))
            \(StatusChart.render(snapshot.recentHours, now: snapshot.time))
            \(pollutants(snapshot))
            \(ticker(snapshot.services.ticker))
            <footer><a href="/api/v1/current">JSON</a> · <a href="/metrics">Metrics</a> · <a href="/openapi.json">API</a> · \(BuildInfo.name) \(BuildInfo.version)</footer>
            </main>
            """
    }

    static func basis(_ snapshot: StationSnapshot) -> String {
        guard let reading = snapshot.aqi else { return "" }
        let averaging: String
        switch reading.basis {
        case .nowcast: averaging = "NowCast (last 12 hours)"
        case .average24h: averaging = "24-hour average"
        case .instant: averaging = "10-minute mean (no hourly data yet)"
        }
        let source = reading.source == .local ? "this station's sensor" : "Open-Meteo's regional model (sensor unavailable)"
        return "\(averaging) of \(reading.pollutant.displayName), from \(source)."
    }

    static func tips(_ level: AQILevel?) -> String {
        guard let level else { return "" }
        let items = level.tips.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
        return "<section aria-labelledby=\"tips-h\"><h2 id=\"tips-h\">What You Can Do</h2><ul id=\"tips\">\(items)</ul></section>"
    }

    static func comparison(_ snapshot: StationSnapshot) -> String {
        let nowcast = snapshot.localIndices.nowcast
        let local = nowcast ?? snapshot.localIndices.instant
        let localAveraging = nowcast != nil ? "NowCast" : "10-min mean"
        let regional = snapshot.reference.reading?.usAQI
        func cell(_ value: Int?) -> String {
            guard let value else { return "<dd>—</dd>" }
            let level = AQILevel(index: value)
            return "<dd><span class=\"dot\" style=\"background:\(level.color.hex)\" aria-hidden=\"true\"></span>\(value) <small>\(HTMLText.escape(level.text))</small></dd>"
        }
        let state = snapshot.reportedReconciliation
        let referenceNote: String
        switch snapshot.reference {
        case .disabled: referenceNote = "Open-Meteo is not configured."
        case .pending: referenceNote = "Waiting for the first Open-Meteo fetch."
        case .available(let reading):
            referenceNote = "Open-Meteo, fetched \(HTMLText.age(snapshot.age(of: reading.fetchedAt) ?? 0)) ago."
        case .unavailable(let error, _): referenceNote = "Open-Meteo unavailable: \(error)"
        }
        return """
            <section aria-labelledby="cmp-h"><h2 id="cmp-h">Local and regional</h2>
            <dl class="pair"><div><dt>Station sensor <small>\(localAveraging)</small></dt>\(cell(local))</div><div><dt>Regional (Open-Meteo) <small>24 h model</small></dt>\(cell(regional))</div></dl>
            \(reconciliation(state))
            <p class="note">\(HTMLText.escape(referenceNote))</p>
            </section>
            """
    }

    /// The reconciliation verdict in one line: the state and its explanation (`pending` says why there is none
    /// yet).
    static func reconciliation(_ result: Reconciliation) -> String {
        let state = result.state.rawValue
        let suspect = result.suspectReason.map { " (\($0.rawValue.replacingAll("_", with: " ")))" } ?? ""
        return "<p id=\"reconciliation\" data-state=\"\(HTMLText.escape(state))\">Agreement: <strong>"
            + HTMLText.escape(state.replacingAll("_", with: " ") + suspect) + "</strong> — "
            + HTMLText.escape(result.explanation) + "</p>"
    }

    static func sensor(_ snapshot: StationSnapshot) -> String {
        let sensor = snapshot.sensor
        let health = sensor.health.rawValue.replacingAll("_", with: " ")
        let age = snapshot.age(of: sensor.readingTime).map { "last reading \(HTMLText.age($0)) ago" } ?? "no reading yet"
        let mark = sensor.health == .ok ? "✓" : "!"
        return """
            <section aria-labelledby="sensor-h"><h2 id="sensor-h">Sensor</h2>
            <p id="sensor-health" data-health="\(sensor.health.rawValue)"><span class="health \(sensor.health.rawValue)" aria-hidden="true">\(mark)</span> \(HTMLText.escape(sensor.model ?? "No sensor")): <strong>\(health)</strong>, \(age)\(sensor.reason.map { " — " + HTMLText.escape($0) } ?? "")</p>
            \(climate(snapshot))
            </section>
            """
    }

    static func pollutants(_ snapshot: StationSnapshot) -> String {
        let sensor = snapshot.sensor
        let reference = snapshot.reference.reading
        let responsible = snapshot.aqi?.pollutant
        let rows: [(String, Pollutant?, Double?, Double?)] = [
            ("PM1.0", nil, sensor.measurement?.pm1, nil),
            ("PM2.5", .pm2_5, sensor.correctedPM2_5 ?? sensor.measurement?.pm25, reference?.pm2_5),
            ("PM10", .pm10, sensor.measurement?.pm10, reference?.pm10),
            ("O₃", .o3, nil, reference?.ozone),
            ("NO₂", .no2, nil, reference?.nitrogenDioxide),
            ("SO₂", .so2, nil, reference?.sulphurDioxide),
            ("CO", .co, nil, reference?.carbonMonoxide),
        ]
        let body = rows.filter { $0.2 != nil || $0.3 != nil }.map { name, pollutant, local, regional in
            let main = pollutant != nil && pollutant == responsible
            return "<tr\(main ? " class=\"main\"" : "")><th scope=\"row\">\(name)\(main ? " <small>(sets the AQI)</small>" : "")</th><td>\(HTMLText.concentration(local))</td><td>\(HTMLText.concentration(regional))</td></tr>"
        }.joined()
        guard !body.isEmpty else { return "" }
        let corrected = correctionNote(sensor)
        return """
            <section aria-labelledby="pol-h"><h2 id="pol-h">Pollutants</h2>
            <table id="pollutants"><caption>Concentrations in µg/m³: the station's last sample and Open-Meteo's current model value.\(corrected)</caption><thead><tr><th scope="col">Pollutant</th><th scope="col">Station <small>last sample</small></th><th scope="col">Regional <small>model, now</small></th></tr></thead><tbody>\(body)</tbody></table>
            </section>
            """
    }

    static func ticker(_ cities: [CityAQI]) -> String {
        guard !cities.isEmpty else { return "" }
        let items = cities.map { city in
            let level = city.aqi.map(AQILevel.init(index:))
            let value = city.aqi.map(String.init) ?? "—"
            return "<li><span class=\"dot\" style=\"background:\(level?.color.hex ?? "#8e8e93")\" aria-hidden=\"true\"></span>\(HTMLText.escape(city.name)) <strong>\(value)</strong> <small>\(HTMLText.escape(level?.shortText ?? "no data"))</small></li>"
        }.joined()
        return "<section aria-labelledby=\"cities-h\" class=\"ticker\"><h2 id=\"cities-h\">Cities</h2><ul id=\"cities\">\(items)</ul></section>"
    }

    /// `52.52° N, 13.41° E`; "location not set" for a station without one.
    static func coordinates(_ station: StationIdentity) -> String {
        guard let north = station.latitude, let east = station.longitude else { return "location not set" }
        let latitude = "\(format(abs(north), digits: 2))° \(north >= 0 ? "N" : "S")"
        let longitude = "\(format(abs(east), digits: 2))° \(east >= 0 ? "E" : "W")"
        return "\(latitude), \(longitude)"
    }

    static func format(_ value: Double, digits: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return JSONValueFormat.number(rounded)
    }

    static let css = """
        :root{--bg:#f5f5f7;--card:#fff;--fg:#1d1d1f;--muted:#5c5c61;--track:#e5e5ea;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--fg:#f5f5f7;--muted:#a1a1a6;--track:#3a3a3c}}
        *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);line-height:1.45;overflow-wrap:anywhere;word-break:break-word}
        main{max-width:34rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0 0}h2{font-size:1.05rem;margin:0 0 .5rem}
        section{background:var(--card);border-radius:1rem;padding:1rem 1.25rem;margin:1rem 0}
        .meta,.note,.basis,caption,footer,small{color:var(--muted);font-size:.875rem}
        .card{text-align:center}.ring{position:relative;width:13rem;height:13rem;margin:.5rem auto}
        .ring svg{width:100%;height:100%}.ring circle{fill:none;stroke-width:10}.ring .track{stroke:var(--track)}
        .ring .fill{stroke-linecap:round}.ring-text{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center}
        .number{font-size:3.5rem;font-weight:700;line-height:1}.unit{color:var(--muted);font-size:.9rem;letter-spacing:.05em}
        .level{display:inline-block;background:var(--level);color:var(--on-level);border-radius:2rem;padding:.3rem 1rem;font-weight:600;margin:.25rem 0}
        .description{margin:.5rem 0}button{font:inherit;padding:.5rem 1.5rem;border-radius:2rem;border:1px solid var(--muted);background:var(--card);color:var(--fg);cursor:pointer}
        button:focus-visible,a:focus-visible{outline:3px solid #0a84ff;outline-offset:2px}
        ul{padding-left:1.2rem;margin:0}.pair{display:flex;gap:1rem;margin:0}.pair div{flex:1;min-width:0}dt{color:var(--muted);font-size:.875rem}dd{margin:0;font-size:1.5rem;font-weight:600}
        .dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;margin-right:.35em;border:1px solid var(--muted)}
        .health{display:inline-block;width:1.3em;text-align:center;border-radius:50%;font-weight:700;background:#ff9f0a;color:#000}.health.ok{background:#34c759}
        table{width:100%;border-collapse:collapse}caption{text-align:left;caption-side:bottom;padding-top:.4rem}th,td{padding:.3rem .4rem;text-align:right;border-bottom:1px solid var(--track)}th[scope=row],thead th:first-child{text-align:left}
        tr.main th{font-weight:700}.chart svg{width:100%;height:auto}.chart text{fill:var(--muted);font-size:9px}.chart .grid{stroke:var(--track)}
        .ticker ul{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;list-style:none;padding:0}
        a{color:inherit}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        footer{text-align:center;padding:1rem 0}
        """

    static let script = """
        (function(){
        "use strict";
        function localTimes(root){root.querySelectorAll("time[data-local]").forEach(function(t){var d=new Date(t.getAttribute("datetime"));if(!isNaN(d)){t.textContent=d.toLocaleTimeString([], {hour:"2-digit",minute:"2-digit"});}});}
        function say(id,text){var e=document.getElementById(id);if(e){e.textContent=text;}}
        function copy(text){
        if(navigator.clipboard&&window.isSecureContext){return navigator.clipboard.writeText(text);}
        return new Promise(function(ok,fail){var a=document.createElement("textarea");a.value=text;a.setAttribute("readonly","");a.style.position="fixed";a.style.opacity="0";document.body.appendChild(a);a.select();var done=false;try{done=document.execCommand("copy");}catch(e){}document.body.removeChild(a);done?ok():fail();});
        }
        document.addEventListener("click",function(event){
        var button=event.target.closest("#share");if(!button){return;}
        var text=button.getAttribute("data-share");var url=location.href;
        if(navigator.share){navigator.share({title:document.title,text:text,url:url}).catch(function(e){if(e&&e.name!=="AbortError"){copy(text).then(function(){say("share-status","Copied to the clipboard.");});}});return;}
        copy(text).then(function(){say("share-status","Copied to the clipboard.");},function(){say("share-status",text);});
        });
        function refresh(){
        if(document.hidden){return;}
        fetch(location.pathname,{cache:"no-cache"}).then(function(r){if(!r.ok){throw new Error("HTTP "+r.status);}return r.text();}).then(function(html){
        var next=new DOMParser().parseFromString(html,"text/html").getElementById("station");var now=document.getElementById("station");
        if(next&&now){now.replaceWith(next);localTimes(next);document.title=new DOMParser().parseFromString(html,"text/html").title;}
        }).catch(function(){say("refresh-status","· offline: showing the last data received");});
        }
        localTimes(document);
        setInterval(refresh,\(refreshSeconds * 1000));
        document.addEventListener("visibilitychange",function(){if(!document.hidden){refresh();}});
        })();
        """
}

/// Numbers as JSON writes them, for attributes.
enum JSONValueFormat {
    static func number(_ value: Double) -> String {
        abs(value) < 1e15 ? Int64(exactly: value).map { String($0) } ?? "\(value)" : "\(value)"
    }
}

extension StatusPage {
    static func format(_ value: Double) -> String { format(value, digits: 2) }
}
