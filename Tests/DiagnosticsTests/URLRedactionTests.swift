import Diagnostics
import Testing

@Suite("URL redaction")
struct URLRedactionTests {
    @Test("userinfo and query values become ***; scheme, host, port, path and parameter names stay; fragments go")
    func redact() {
        #expect(URLRedaction.redact("https://user:pa@ss@host:8080/v1/air-quality?apikey=SECRET&latitude=52.5#frag")
            == "https://***@host:8080/v1/air-quality?apikey=***&latitude=***")
        #expect(URLRedaction.redact("http://127.0.0.1:9/v1/search") == "http://127.0.0.1:9/v1/search")
        #expect(URLRedaction.redact("http://host/p?flag&k=") == "http://host/p?flag&k=***")
        #expect(URLRedaction.redact("mqtt://u:p@broker:1883") == "mqtt://***@broker:1883")
        #expect(URLRedaction.redact("not a url ?x=1") == "not a url ?x=***")
    }

    @Test("scrub: the raw URL, its password and query values (raw and percent-decoded) are taken out of a text")
    func scrub() {
        let url = "http://me:hunter22@h/p?apikey=abc%2Fdef&n=1"
        let text = "Failed for http://me:hunter22@h/p?apikey=abc%2Fdef&n=1: key abc/def rejected, hunter22 wrong, 1 try"
        let scrubbed = URLRedaction.scrub(text, secretsOf: url)
        #expect(scrubbed == "Failed for http://***@h/p?apikey=***&n=***: key *** rejected, *** wrong, 1 try")
    }
}
