#include "XmlDocument.h"

#include "XmlInput.h"
#include "XmlNameTable.h"
#include "XmlReferences.h"

#include <QHash>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <unordered_set>

using namespace Qt::StringLiterals;

namespace ades::eu {

using namespace xml;

namespace {

ServiceError malformed(const QString &message)
{
    return ServiceError::badRequest(u"einvoice_malformed_xml"_s, message, u"file"_s);
}

QString prefixFor(const QString &ns)
{
    static const QHash<QString, QString> prefixes = {
        { u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s, u"cac"_s },
        { u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s, u"cbc"_s },
        { u"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"_s, u"ext"_s },
        { u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s, u"rsm"_s },
        { u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s, u"ram"_s },
        { u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s, u"udt"_s },
        { u"urn:un:unece:uncefact:data:standard:QualifiedDataType:100"_s, u"qdt"_s },
    };
    return prefixes.value(ns);
}

// Element texts and attribute values as QStrings, the short ones packed into shared blocks: each such text
// is a QString that points into a block and holds a reference to it, so the hundred-odd texts of a CII
// invoice cost a few allocations instead of one each (malloc and free were most of a text's cost). They
// behave like any QString: copy-on-write copies a text out of its block before changing it, and each is
// followed by a 0 like QString's own data. A block lives as long as any text in it (2048 characters kept
// by a text that outlives its document). Invoice values are short and nearly always ASCII: widening them
// here costs a fraction of QString::fromUtf8's general decoder; anything else goes to Qt, so the result is
// the same.
class TextBlocks
{
public:
    // The text as UTF-16. Short ASCII is widened by hand into the current block; anything else, which is
    // rare in an invoice, is decoded by Qt into a string of its own.
    QString add(std::string_view raw)
    {
        const auto *bytes = reinterpret_cast<const uchar *>(raw.data());
        const qsizetype size = qsizetype(raw.size());
        if (size == 0 || size > ShortText)
            return QString::fromUtf8(raw.data(), size);
        if (m_left < size + 1)
            startBlock();
        char16_t *out = m_next;
        uchar high = 0;
        for (qsizetype i = 0; i < size; ++i) { // widened while checking: a non-ASCII byte is rare
            high |= bytes[i];
            out[i] = char16_t(bytes[i]);
        }
        if (high & 0x80) // what was written is left unused: the block does not advance
            return QString::fromUtf8(raw.data(), size);
        out[size] = 0;
        m_next += size + 1;
        m_left -= size + 1;
        QString::DataPointer text(m_block.data_ptr().d_ptr(), out, size);
        text.ref();
        return QString(std::move(text));
    }

private:
    static constexpr qsizetype ShortText = 64;
    static constexpr qsizetype BlockSize = 2048; // characters: a CII invoice's texts fill one to three

    void startBlock()
    {
        m_block = QString(BlockSize, Qt::Uninitialized);
        // Written through this pointer only past the texts handed out, which never change in place while
        // the block is shared; data() on the new, unshared block does not detach.
        m_next = reinterpret_cast<char16_t *>(m_block.data());
        m_left = BlockSize;
    }

    QString m_block;
    char16_t *m_next = nullptr;
    qsizetype m_left = 0;
};

// Builds the element table from pugixml's tree. pugixml reads fast but trusts its input more than XML
// allows, so everything it lets through that XML forbids is refused here: namespaces (pugixml has none),
// references (it is run without entity handling, and only the predefined entities and character
// references exist without a DTD), duplicate attributes, '<' in attribute values, "]]>" in text, text or a
// second element outside the root, a misplaced XML declaration, any DOCTYPE.
class TreeBuilder
{
public:
    TreeBuilder(QByteArrayView text, const char *parsed, const XmlLimits &limits,
        std::vector<XmlElement> &elements, std::vector<int> &childIndex)
        : m_text(text)
        , m_parsed(parsed)
        , m_limits(limits)
        , m_elements(elements)
        , m_childIndex(childIndex)
        , m_names(nameTable())
    { }

    std::optional<QString> build(const pugi::xml_document &document)
    {
        pugi::xml_node root;
        bool first = true;
        for (pugi::xml_node node = document.first_child(); node; node = node.next_sibling()) {
            switch (node.type()) {
            case pugi::node_declaration:
                // The declaration's name ("xml") follows "<?" at the very start.
                if (!first || offsetOf(node.name()) != 2)
                    return notWellFormed(m_text, offsetOf(node.name()) - 2,
                        u"the XML declaration is allowed only at the start of the document"_s);
                if (std::optional<QString> error = checkDeclaration(node))
                    return error;
                break;
            case pugi::node_pi:
                if (std::optional<QString> error = checkProcessingInstruction(node))
                    return error;
                break;
            case pugi::node_doctype:
                return doctypeRefused();
            case pugi::node_comment:
                if (std::optional<QString> error = checkComment(node))
                    return error;
                break;
            case pugi::node_element:
                if (root)
                    return notWellFormed(m_text, offsetOf(node.name()) - 1, u"junk after the root element"_s);
                root = node;
                break;
            case pugi::node_pcdata:
            case pugi::node_cdata: {
                const char *text = node.value();
                text += std::strspn(text, " \t\n\r"); // point at the text, not the line end before it
                return notWellFormed(
                    m_text, offsetOf(text), u"text is not allowed outside the root element"_s);
            }
            default:
                break;
            }
            first = false;
        }
        if (!root)
            return notWellFormed(m_text, m_text.size(), u"no root element"_s);
        m_elements.reserve(size_t(std::min<qsizetype>(m_text.size() / 48, m_limits.maxElements)) + 16);
        if (std::optional<QString> error = buildElements(root))
            return error;
        linkChildren();
        return std::nullopt;
    }

    QString doctypeRefused() const
    {
        // The DOCTYPE is found without reading its declarations: none of them is ever acted upon.
        const qsizetype at = QByteArrayView(m_text).indexOf("<!DOCTYPE");
        return u"line %1: a document type declaration (DTD) is not allowed in an invoice"_s.arg(
            positionOf(m_text, at < 0 ? 0 : at).line);
    }

private:
    // Offset of a name or value in the parsed copy, which is also its offset in the document.
    qsizetype offsetOf(const char *inParsed) const { return qsizetype(inParsed - m_parsed); }

    struct Binding
    {
        QByteArrayView prefix; // empty: the default namespace
        QString ns;
    };

    struct Open
    {
        pugi::xml_node node;
        int index;
        size_t bindings; // m_bindings.size() before this element's declarations
    };

    // Depth-first, without recursion: a document nested up to the depth limit must not exhaust the stack.
    std::optional<QString> buildElements(pugi::xml_node root)
    {
        std::vector<Open> open;
        open.reserve(16); // an invoice nests about eight deep: one allocation instead of four
        pugi::xml_node node = root;
        int parent = -1;
        while (true) {
            if (int(open.size()) >= m_limits.maxDepth)
                return u"%1: elements are nested deeper than the limit of %2"_s
                    .arg(at(m_text, offsetOf(node.name())))
                    .arg(m_limits.maxDepth);
            const size_t bindings = m_bindings.size();
            const int index = int(m_elements.size());
            if (std::optional<QString> error = addElement(node, parent))
                return error;
            open.push_back({ node, index, bindings });
            parent = index;
            // Descend into the first child element, or move on to the next sibling element, climbing up
            // as elements end.
            pugi::xml_node next = firstChildElement(node);
            while (!next) {
                if (std::optional<QString> error = collectText(open.back()))
                    return error;
                m_bindings.resize(open.back().bindings);
                const pugi::xml_node done = open.back().node;
                open.pop_back();
                if (open.empty())
                    return std::nullopt;
                parent = open.back().index;
                next = nextSiblingElement(done);
            }
            node = next;
        }
    }

    static pugi::xml_node firstChildElement(pugi::xml_node node)
    {
        pugi::xml_node child = node.first_child();
        while (child && child.type() != pugi::node_element)
            child = child.next_sibling();
        return child;
    }

    static pugi::xml_node nextSiblingElement(pugi::xml_node node)
    {
        pugi::xml_node sibling = node.next_sibling();
        while (sibling && sibling.type() != pugi::node_element)
            sibling = sibling.next_sibling();
        return sibling;
    }

    std::optional<QString> addElement(pugi::xml_node node, int parent)
    {
        const char *name = node.name();
        const qsizetype start = offsetOf(name) - 1;
        // The attributes are read from pugixml once, into a reused list: each call into the library is out of
        // line, and the checks below walk them three times.
        m_attributes.clear();
        for (pugi::xml_attribute a = node.first_attribute(); a; a = a.next_attribute()) {
            if (int(m_attributes.size()) >= m_limits.maxAttributes)
                return u"%1: an element has more than %2 attributes"_s.arg(at(m_text, start))
                    .arg(m_limits.maxAttributes);
            m_attributes.push_back({ a.name(), a.value() });
        }
        if (const char *duplicate = firstDuplicateAttribute(m_attributes))
            return notWellFormed(
                m_text, start, u"duplicate attribute '%1'"_s.arg(QString::fromUtf8(clipped(duplicate))));
        // Namespace declarations first: they apply to the element's own name and attributes.
        size_t declarations = 0;
        for (const RawAttribute &a : m_attributes) {
            const char *attributeName = a.name;
            if (!isNamespaceDeclaration(attributeName))
                continue;
            ++declarations;
            const std::string_view raw(a.value);
            if (std::optional<QString> error = checkAttributeValue(raw, start))
                return error;
            // A reference in a namespace URI is resolved like in any attribute value.
            const QString ns = m_names.ns(raw.find('&') == std::string_view::npos
                    ? QByteArrayView(raw.data(), qsizetype(raw.size()))
                    : QByteArrayView(m_scratch.data(), qsizetype(m_scratch.size())));
            if (attributeName[5] == 0) {
                m_bindings.push_back({ {}, ns });
            } else {
                if (ns.isEmpty())
                    return notWellFormed(
                        m_text, start, u"a namespace prefix cannot be bound to an empty URI"_s);
                m_bindings.push_back({ QByteArrayView(attributeName + 6), ns });
            }
        }
        XmlElement &e = m_elements.emplace_back();
        e.parent = parent;
        e.offset = start;
        if (std::optional<QString> error = resolveName(QByteArrayView(name), start, true, e.ns, e.name))
            return error;
        if (m_attributes.size() > declarations) // one allocation instead of growing
            e.attributes.reserve(qsizetype(m_attributes.size() - declarations));
        for (const RawAttribute &a : m_attributes) {
            if (isNamespaceDeclaration(a.name))
                continue;
            const QByteArrayView attributeName(a.name);
            QString ns;
            QString local;
            if (std::optional<QString> error = resolveName(attributeName, start, false, ns, local))
                return error;
            const std::string_view raw(a.value);
            if (std::optional<QString> error = checkAttributeValue(raw, start))
                return error;
            const QString value = raw.find('&') == std::string_view::npos
                ? m_texts.add(raw)
                : QString::fromUtf8(m_scratch.data(), qsizetype(m_scratch.size()));
            // Invoice attributes are unqualified; a qualified one (xsi:schemaLocation) keeps its local name.
            e.attributes.append({ local, value });
        }
        return std::nullopt;
    }

    // xmlns="..." or xmlns:prefix="...": a binding, not an attribute of the element.
    static bool isNamespaceDeclaration(const char *name)
    {
        return std::strncmp(name, "xmlns", 5) == 0 && (name[5] == 0 || name[5] == ':');
    }

    // An element has a few attributes, compared pairwise; a hostile one with thousands is checked with a
    // hash set, so that it costs linear time, not quadratic.
    struct RawAttribute
    {
        const char *name;
        const char *value;
    };

    static const char *firstDuplicateAttribute(const std::vector<RawAttribute> &attributes)
    {
        constexpr size_t PairwiseUpTo = 16;
        if (attributes.size() <= PairwiseUpTo) {
            for (size_t a = 1; a < attributes.size(); ++a) {
                for (size_t b = 0; b < a; ++b) {
                    if (std::strcmp(attributes[a].name, attributes[b].name) == 0)
                        return attributes[a].name;
                }
            }
            return nullptr;
        }
        std::unordered_set<std::string_view> seen;
        for (const RawAttribute &a : attributes) {
            if (!seen.insert(a.name).second)
                return a.name;
        }
        return nullptr;
    }

    // What XML forbids in an attribute value and pugixml lets through: '<' and references other than the
    // predefined entities and character references. A value with references is left decoded in m_scratch.
    std::optional<QString> checkAttributeValue(std::string_view raw, qsizetype start)
    {
        if (raw.find('<') != std::string_view::npos)
            return notWellFormed(m_text, start, u"'<' is not allowed in an attribute value"_s);
        if (raw.find('&') == std::string_view::npos)
            return std::nullopt;
        if (const qsizetype bad = decodeReferences(raw, m_scratch); bad >= 0)
            return invalidReference(raw, bad, start);
        return std::nullopt;
    }

    QString invalidReference(std::string_view raw, qsizetype bad, qsizetype start) const
    {
        std::string_view reference = raw.substr(size_t(bad), 12);
        reference = reference.substr(0, reference.find(';') + 1);
        return notWellFormed(m_text, start,
            u"undefined entity or invalid reference '%1'"_s.arg(
                QString::fromUtf8(reference.data(), qsizetype(reference.size()))));
    }

    // The declaration's pseudo-attributes as XML allows them, in this order: version (1.0 only),
    // encoding (a name such as UTF-8), standalone (yes or no). pugixml reads any attributes there.
    std::optional<QString> checkDeclaration(pugi::xml_node declaration) const
    {
        pugi::xml_attribute a = declaration.first_attribute();
        if (!a || std::strcmp(a.name(), "version") != 0)
            return notWellFormed(m_text, 0, u"the XML declaration must start with its version"_s);
        if (std::strcmp(a.value(), "1.0") != 0)
            return u"line 1: XML version '%1' is not supported; invoices are XML 1.0"_s.arg(
                QString::fromUtf8(a.value()).left(20));
        a = a.next_attribute();
        if (a && std::strcmp(a.name(), "encoding") == 0) {
            const std::string_view encoding(a.value());
            const bool wellFormed = !encoding.empty() && std::isalpha(uchar(encoding.front()))
                && std::all_of(encoding.begin(), encoding.end(),
                    [](char c) { return std::isalnum(uchar(c)) || c == '.' || c == '_' || c == '-'; });
            if (!wellFormed)
                return notWellFormed(m_text, 0, u"the XML declaration names no valid encoding"_s);
            a = a.next_attribute();
        }
        if (a && std::strcmp(a.name(), "standalone") == 0) {
            if (std::strcmp(a.value(), "yes") != 0 && std::strcmp(a.value(), "no") != 0)
                return notWellFormed(m_text, 0, u"standalone in the XML declaration must be yes or no"_s);
            a = a.next_attribute();
        }
        if (a)
            return notWellFormed(m_text, 0,
                u"the XML declaration cannot have '%1'"_s.arg(QString::fromUtf8(clipped(a.name()))));
        return std::nullopt;
    }

    // A processing instruction's target is a name without a colon, and "xml" in any case is reserved.
    std::optional<QString> checkProcessingInstruction(pugi::xml_node instruction) const
    {
        const std::string_view target(instruction.name());
        const bool reserved = target.size() == 3 && (target[0] | 0x20) == 'x' && (target[1] | 0x20) == 'm'
            && (target[2] | 0x20) == 'l';
        if (reserved || target.empty() || target.find(':') != std::string_view::npos)
            return notWellFormed(m_text, offsetOf(instruction.name()) - 2,
                u"'%1' is not a valid processing instruction target"_s.arg(
                    QString::fromUtf8(clipped(QByteArrayView(target.data(), qsizetype(target.size()))))));
        return std::nullopt;
    }

    // XML forbids "--" inside a comment and a comment ending in "-".
    std::optional<QString> checkComment(pugi::xml_node comment) const
    {
        const std::string_view value(comment.value());
        if (value.find("--") == std::string_view::npos && (value.empty() || value.back() != '-'))
            return std::nullopt;
        return notWellFormed(m_text, offsetOf(comment.value()) - 4, u"'--' is not allowed in a comment"_s);
    }

    // Splits a qualified name and finds its namespace. An unprefixed attribute has no namespace; an
    // unprefixed element is in the default namespace.
    std::optional<QString> resolveName(
        QByteArrayView qualified, qsizetype start, bool element, QString &ns, QString &local)
    {
        const QualifiedName &name = m_names.qualified(qualified);
        if (!name.valid)
            return notWellFormed(m_text, start,
                u"'%1' is not a valid qualified name"_s.arg(QString::fromUtf8(clipped(qualified))));
        // Copy and move: both inline, where QString's copy assignment is a library call per element.
        local = QString(name.local);
        if (name.colon < 0) {
            if (element) {
                if (const Binding *binding = bindingOf({}))
                    ns = QString(binding->ns);
            }
            return std::nullopt;
        }
        const QByteArrayView prefix = qualified.first(name.colon);
        if (const Binding *binding = bindingOf(prefix)) {
            ns = QString(binding->ns);
            return std::nullopt;
        }
        if (prefix == "xml") {
            ns = m_names.ns("http://www.w3.org/XML/1998/namespace");
            return std::nullopt;
        }
        return notWellFormed(m_text, start, u"unbound prefix '%1'"_s.arg(QString::fromUtf8(clipped(prefix))));
    }

    // The innermost binding of a prefix (empty: the default namespace). Prefixes are a few bytes and
    // bindings a handful, so a plain backwards scan with an inline comparison is the cheapest lookup.
    const Binding *bindingOf(QByteArrayView prefix) const
    {
        const qsizetype size = prefix.size();
        for (auto b = m_bindings.rbegin(); b != m_bindings.rend(); ++b) {
            if (b->prefix.size() != size)
                continue;
            qsizetype same = 0; // a byte loop: a library memcmp call costs more than a three-letter prefix
            while (same < size && b->prefix.data()[same] == prefix.data()[same])
                ++same;
            if (same == size)
                return &*b;
        }
        return nullptr;
    }

    static QByteArrayView clipped(QByteArrayView text)
    {
        return text.first(std::min<qsizetype>(text.size(), 100));
    }

    std::optional<QString> decode(std::string_view raw, qsizetype start, QString &out)
    {
        if (raw.find('&') == std::string_view::npos) {
            out = m_texts.add(raw);
            return std::nullopt;
        }
        if (const qsizetype bad = decodeReferences(raw, m_scratch); bad >= 0)
            return invalidReference(raw, bad, start);
        out = QString::fromUtf8(m_scratch.data(), qsizetype(m_scratch.size()));
        return std::nullopt;
    }

    // Character data directly inside the element: every text and CDATA node, in order. pugixml has
    // already dropped whitespace-only runs of text; a run holding a character reference (&#32;) is not
    // whitespace to it, so it stays, as QXmlStreamReader had it.
    std::optional<QString> collectText(const Open &element)
    {
        QString &text = m_elements[size_t(element.index)].text;
        for (pugi::xml_node child = element.node.first_child(); child; child = child.next_sibling()) {
            const pugi::xml_node_type type = child.type();
            if (type == pugi::node_comment) {
                if (std::optional<QString> error = checkComment(child))
                    return error;
            } else if (type == pugi::node_pi) {
                if (std::optional<QString> error = checkProcessingInstruction(child))
                    return error;
            } else if (type == pugi::node_cdata) {
                text += QString::fromUtf8(child.value());
            } else if (type == pugi::node_pcdata) {
                const std::string_view raw(child.value());
                if (raw.find("]]>") != std::string_view::npos)
                    return notWellFormed(m_text, offsetOf(child.value()), u"']]>' is not allowed in text"_s);
                QString decoded;
                if (std::optional<QString> error = decode(raw, offsetOf(child.value()), decoded))
                    return error;
                if (text.isEmpty())
                    text = std::move(decoded); // the usual case: one run of text
                else
                    text += decoded;
            }
        }
        return std::nullopt;
    }

    // The child index is filled once the tree is read: each parent's children are counted, given a range,
    // then entered in document order.
    void linkChildren()
    {
        for (XmlElement &e : m_elements)
            e.childCount = 0;
        for (const XmlElement &e : m_elements) {
            if (e.parent >= 0)
                ++m_elements[size_t(e.parent)].childCount;
        }
        int next = 0;
        for (XmlElement &e : m_elements) {
            e.firstChild = next;
            next += e.childCount;
        }
        m_childIndex.assign(size_t(next), -1);
        std::vector<int> filled(m_elements.size(), 0);
        for (size_t i = 0; i < m_elements.size(); ++i) {
            const int parent = m_elements[i].parent;
            if (parent >= 0)
                m_childIndex[size_t(m_elements[size_t(parent)].firstChild + filled[size_t(parent)]++)]
                    = int(i);
        }
    }

    QByteArrayView m_text; // the document as read, for positions
    const char *m_parsed; // start of the copy pugixml parsed in place
    const XmlLimits &m_limits;
    std::vector<XmlElement> &m_elements;
    std::vector<int> &m_childIndex;
    NameTable &m_names;
    std::vector<Binding> m_bindings;
    std::vector<RawAttribute> m_attributes; // the element being added
    std::string m_scratch;
    TextBlocks m_texts;
};

} // namespace

Result<XmlDocument> XmlDocument::parse(const QByteArray &bytes, const XmlLimits &limits)
{
    constexpr size_t KeptBufferBytes = 1024 * 1024;
    if (bytes.size() > limits.maxBytes)
        return malformed(u"the document is %1 bytes, more than the limit of %2 bytes"_s.arg(bytes.size())
                             .arg(limits.maxBytes));
    QByteArray text;
    if (std::optional<QString> error = readAsUtf8(bytes, text))
        return malformed(*error);
    // The shortest element takes four bytes ("<a/>"): only a document that could exceed the element limit
    // is counted, and past this check no document has more elements than the limit.
    if (text.size() / 4 > limits.maxElements && countStartTags(text) > limits.maxElements)
        return malformed(u"the document has more than %1 elements"_s.arg(limits.maxElements));
    // pugixml parses a copy in place: node names and values point into it, so their offsets locate them
    // in `text`, which stays as read (the parse rewrites line ends and terminates names in the copy). No
    // entity handling: TreeBuilder resolves references; a DOCTYPE is kept as a node only to be refused.
    // The copy's buffer is kept per thread between documents (a document-sized allocation per invoice
    // otherwise, the largest of the parse), unless a large document grew it past 1 MB; the guard is
    // declared before the tree so that it runs after the tree is gone.
    thread_local std::string parsed;
    struct ReleaseLargeBuffer
    {
        std::string &buffer;
        ~ReleaseLargeBuffer()
        {
            if (buffer.capacity() > KeptBufferBytes)
                std::string().swap(buffer);
        }
    } release { parsed };
    parsed.assign(text.constData(), size_t(text.size()));
    pugi::xml_document tree;
    const pugi::xml_parse_result result = tree.load_buffer_inplace(parsed.data(), parsed.size(),
        pugi::parse_cdata | pugi::parse_comments | pugi::parse_pi | pugi::parse_eol
            | pugi::parse_wconv_attribute | pugi::parse_declaration | pugi::parse_doctype
            | pugi::parse_fragment,
        pugi::encoding_utf8);
    XmlDocument doc;
    TreeBuilder builder(text, parsed.data(), limits, doc.m_elements, doc.m_childIndex);
    if (result.status == pugi::status_bad_doctype)
        return malformed(builder.doctypeRefused());
    if (!result)
        return malformed(
            notWellFormed(text, qsizetype(result.offset), QString::fromUtf8(result.description()).toLower()));
    if (std::optional<QString> error = builder.build(tree))
        return malformed(*error);
    doc.m_text = text;
    return doc;
}

int XmlDocument::line(int index) const
{
    if (m_lines.size() != m_elements.size()) {
        // One pass over the document, counting line ends up to each start tag in document order; memchr
        // runs vectorised and most documents have no CR at all.
        m_lines.assign(m_elements.size(), 1);
        const char *const begin = m_text.constData();
        const char *const end = begin + m_text.size();
        auto find = [](const char *from, const char *to, char c) {
            return static_cast<const char *>(std::memchr(from, c, size_t(to - from)));
        };
        const bool hasCr = find(begin, end, '\r') != nullptr;
        const char *from = begin;
        int line = 1;
        for (size_t i = 0; i < m_elements.size(); ++i) {
            const char *to = begin + std::clamp<qsizetype>(m_elements[i].offset, from - begin, m_text.size());
            for (const char *lf = find(from, to, '\n'); lf; lf = find(lf + 1, to, '\n'))
                ++line;
            for (const char *cr = hasCr ? find(from, to, '\r') : nullptr; cr; cr = find(cr + 1, to, '\r')) {
                if (cr + 1 == end || cr[1] != '\n')
                    ++line;
            }
            m_lines[i] = line;
            from = to;
        }
    }
    return m_lines[size_t(index)];
}

int XmlDocument::child(int parent, QStringView ns, QStringView name) const
{
    if (parent < 0)
        return -1;
    for (int c : childrenOf(parent)) {
        const XmlElement &e = m_elements[size_t(c)];
        if (sameText(e.name, name) && sameText(e.ns, ns))
            return c;
    }
    return -1;
}

std::vector<int> XmlDocument::children(int parent, QStringView ns, QStringView name) const
{
    std::vector<int> result;
    if (parent < 0)
        return result;
    for (int c : childrenOf(parent)) {
        const XmlElement &e = m_elements[size_t(c)];
        if (sameText(e.name, name) && sameText(e.ns, ns))
            result.push_back(c);
    }
    return result;
}

QString XmlDocument::attribute(int index, const QString &name) const
{
    for (const auto &[key, value] : m_elements[size_t(index)].attributes) {
        if (sameText(key, name))
            return value;
    }
    return {};
}

bool XmlDocument::hasAttribute(int index, const QString &name) const
{
    for (const auto &attribute : m_elements[size_t(index)].attributes) {
        if (sameText(attribute.first, name))
            return true;
    }
    return false;
}

QString XmlDocument::path(int index) const
{
    if (m_paths.size() != m_elements.size()) {
        m_paths.assign(m_elements.size(), QString());
        m_positions.assign(m_elements.size(), -1);
    }
    QString &cached = m_paths[size_t(index)];
    if (!cached.isEmpty())
        return cached;
    const XmlElement &e = m_elements[size_t(index)];
    const QString prefix = prefixOf(e.ns); // a copy: path(parent) may grow m_prefixes
    if (e.parent < 0) {
        if (prefix.isEmpty())
            cached = u'/' + e.name;
        else
            cached = u'/' + prefix + u':' + e.name;
        return cached;
    }
    if (m_positions[size_t(index)] < 0)
        numberChildren(e.parent);
    const int position = m_positions[size_t(index)];
    const QString parent = path(e.parent);
    if (prefix.isEmpty())
        cached = parent + u'/' + e.name;
    else
        cached = parent + u'/' + prefix + u':' + e.name;
    if (position > 0)
        cached += u'[' + QString::number(position) + u']';
    return cached;
}

QString XmlDocument::prefixOf(const QString &ns) const
{
    // A document uses a handful of namespaces, interned by the parser: a pointer comparison usually
    // settles it, where the table lookup hashed the whole URI for every path.
    for (const auto &[uri, prefix] : m_prefixes) {
        if (uri.constData() == ns.constData() || uri == ns)
            return prefix;
    }
    m_prefixes.emplace_back(ns, prefixFor(ns));
    return m_prefixes.back().second;
}

void XmlDocument::numberChildren(int parent) const
{
    // Positions of all children at once: one pass over the siblings instead of one per child's path.
    // Distinct names per parent are few (an invoice line repeats, its neighbours do not), and names are
    // interned by the parser, so comparing data pointers usually settles equality.
    auto same = [](const XmlElement &a, const XmlElement &b) {
        return (a.name.constData() == b.name.constData() || a.name == b.name)
            && (a.ns.constData() == b.ns.constData() || a.ns == b.ns);
    };
    thread_local std::vector<std::pair<const XmlElement *, int>> names; // first of each name, its count
    names.clear();
    const std::span<const int> children = childrenOf(parent);
    for (int child : children) {
        const XmlElement &c = m_elements[size_t(child)];
        auto name
            = std::find_if(names.begin(), names.end(), [&](const auto &n) { return same(*n.first, c); });
        if (name == names.end())
            name = names.insert(names.end(), { &c, 0 });
        m_positions[size_t(child)] = ++name->second;
    }
    if (names.size() == children.size()) { // every name once: no positions in the paths
        for (int child : children)
            m_positions[size_t(child)] = 0;
        return;
    }
    for (int child : children) {
        const XmlElement &c = m_elements[size_t(child)];
        const auto name
            = std::find_if(names.begin(), names.end(), [&](const auto &n) { return same(*n.first, c); });
        if (name->second == 1)
            m_positions[size_t(child)] = 0;
    }
}

} // namespace ades::eu
