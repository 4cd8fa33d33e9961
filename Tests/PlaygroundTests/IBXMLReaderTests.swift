import Testing
@testable import Playground

/// The Interface Builder importer's XML reader on its own: values as written, places of errors, and
/// what it refuses (entities it does not expand, nesting past its limit, content after the root).
@Suite struct IBXMLReaderTests {
    /// The reader's error for `text`, or nil when it reads it.
    static func error(_ text: String, maxElements: Int = 100) -> IBImportError? {
        do {
            _ = try IBXMLReader.read(text, maxElements: maxElements)
            return nil
        } catch {
            return error as? IBImportError
        }
    }

    @Test func attributeValuesAreDecodedAsWritten() throws {
        // &amp; and &#38; are both an ampersand; &lt; and &#60; a less-than sign; an ampersand written
        // as the text `&#38;` (escaped once more) stays that text.
        let root = try IBXMLReader.read(#"<a t="Terms &amp; Conditions" u="&#38;&lt;&#60;" v="&amp;#38;" w="plain"/>"#,
                                        maxElements: 10)
        #expect(root["t"] == "Terms & Conditions")
        #expect(root["u"] == "&<<")
        #expect(root["v"] == "&#38;")
        #expect(root["w"] == "plain")
        #expect(root["x"] == nil)
    }

    @Test func elementsKeepTheirOrderTextAndPlace() throws {
        let root = try IBXMLReader.read("<a>\n  <string key=\"text\">one &amp; two</string>\n  <b id=\"x\"/>\n</a>",
                                        maxElements: 10)
        #expect(root.children.map(\.name) == ["string", "b"])
        #expect(root.children[0].text == "one & two")
        // libxml2 reports an element at the first character after its start tag's attributes:
        // `  <b id="x"/>` has its `/` at column 12.
        #expect(root.children[1].line == 3)
        #expect(root.children[1].column == 12)
        #expect(root.child("b")?.id == "x")
    }

    @Test func malformedXMLHasItsPlace() {
        let mismatch = Self.error("<a>\n  <b>\n  </a>")
        #expect(mismatch?.code == "bad-xml")
        #expect(mismatch?.line == 3)
        #expect(mismatch?.message.contains("closing tag") == true)
        #expect(Self.error("")?.message == "malformed XML: the document holds no element")
        #expect(Self.error("<a/><b/>")?.message == "malformed XML: content follows the root element")
    }

    @Test func commonMistakesAreNamedInWords() {
        // Each is a mistake made by hand-editing a document; the message names it, not a libxml2 number.
        #expect(Self.error(#"<a t="1 < 2"/>"#)?.message.contains("'<' inside an attribute value") == true)
        #expect(Self.error("<a t=1/>")?.message.contains("not in quotes") == true)
        #expect(Self.error(#"<a t="1" t="2"/>"#)?.message.contains("same attribute twice") == true)
        #expect(Self.error(#"<a t="A & B"/>"#)?.message.contains("bare '&'") == true)
    }

    @Test func externalEntitiesAreNeverResolved() {
        // A declared external entity is not read, and a reference to it is refused, not expanded.
        let xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>\n<a t=\"&e;\">&e;</a>"
        let error = Self.error(xxe)
        #expect(error?.code == "bad-xml")
        #expect(error?.message.contains("entities are not expanded") == true)
        // An internal entity is not expanded either.
        #expect(Self.error("<!DOCTYPE a [<!ENTITY i \"inside\">]>\n<a>&i;</a>")?.code == "bad-xml")
    }

    @Test func nestingAndElementCountAreLimited() {
        let depth = IBXMLReader.maxDepth + 1
        let deep = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let error = Self.error(deep, maxElements: 10_000)
        #expect(error?.code == "bad-xml")
        #expect(error?.message.contains("nest more than 256") == true)
        let atLimit = String(repeating: "<a>", count: depth - 1) + String(repeating: "</a>", count: depth - 1)
        #expect(Self.error(atLimit, maxElements: 10_000) == nil)
        // Eleven elements with a limit of ten: refused at the eleventh, the tenth `<p/>` (columns 40 to 43
        // after the 3 of `<a>` and nine of 4), reported at its `/`, column 42.
        let many = Self.error("<a>" + String(repeating: "<p/>", count: 10) + "</a>", maxElements: 10)
        #expect(many?.code == "too-many-elements")
        #expect(many?.column == 42)
    }
}
