#include "XmlDocument.h"

#include <QHash>
#include <QStringDecoder>
#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <expat.h>
#include <memory>
#include <optional>
#include <string>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Expat joins a namespace URI and a local name with this separator. 0xFF never occurs in UTF-8, so it can
// be neither part of a URI nor of a name.
constexpr XML_Char NsSeparator = XML_Char(0xFF);

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

struct ExpandedName
{
    QString ns;
    QString local;
};

// Expanded names ("uri<sep>local") turned into interned QStrings. An invoice uses a handful of namespaces
// and a few hundred names, the same in every invoice, so the table lives per thread across documents and
// an element costs one hash lookup instead of two UTF-8 decodes and allocations. Bounded, so that a stream
// of documents with random names cannot grow it without limit.
class NameTable
{
public:
    const ExpandedName &lookup(const XML_Char *expanded)
    {
        const size_t length = std::strlen(expanded);
        // Only names of a plausible length are kept: the table outlives the document, and a hostile one
        // must not leave megabyte-long names behind.
        if (length > MaxCachedLength) {
            m_uncached = split(QByteArrayView(expanded, qsizetype(length)), false);
            return m_uncached;
        }
        // A direct-mapped cache in front of the hash: chosen by the length and the last characters of the
        // local name, then one memcmp, which is much cheaper than hashing a URI-long key.
        Recent &recent = m_recent[(length * 31u + uchar(expanded[length ? length - 1 : 0]) * 7u
                                      + uchar(expanded[length > 1 ? length - 2 : 0]))
            % m_recent.size()];
        if (size_t(recent.key.size()) == length && std::memcmp(recent.key.constData(), expanded, length) == 0)
            return recent.name;
        const QByteArray key = QByteArray::fromRawData(expanded, qsizetype(length));
        const auto it = m_names.constFind(key);
        if (it != m_names.cend()) {
            recent = { it.key(), it.value() };
            return recent.name;
        }
        if (m_names.size() >= MaxNames)
            m_names.clear();
        if (m_namespaces.size() >= MaxNamespaces)
            m_namespaces.clear();
        const auto inserted = m_names.insert(QByteArray(key.constData(), key.size()), split(key, true));
        recent = { inserted.key(), inserted.value() };
        return recent.name;
    }

private:
    ExpandedName split(QByteArrayView expanded, bool intern)
    {
        ExpandedName name;
        const qsizetype separator = expanded.indexOf(char(NsSeparator));
        if (separator < 0) {
            name.local = QString::fromUtf8(expanded);
        } else {
            const QByteArrayView uri = expanded.first(separator);
            name.ns = intern ? internNamespace(uri) : QString::fromUtf8(uri);
            name.local = QString::fromUtf8(expanded.sliced(separator + 1));
        }
        return name;
    }

    // Namespaces are shared between names, so each URI is decoded once.
    QString internNamespace(QByteArrayView uri)
    {
        const QByteArray key = QByteArray::fromRawData(uri.data(), uri.size());
        const auto it = m_namespaces.constFind(key);
        if (it != m_namespaces.cend())
            return it.value();
        return m_namespaces.insert(QByteArray(uri.data(), uri.size()), QString::fromUtf8(uri)).value();
    }

    struct Recent
    {
        QByteArray key;
        ExpandedName name;
    };

    static constexpr qsizetype MaxNames = 4096;
    static constexpr qsizetype MaxNamespaces = 256;
    static constexpr size_t MaxCachedLength = 512;
    ExpandedName m_uncached;
    std::array<Recent, 256> m_recent;
    QHash<QByteArray, ExpandedName> m_names;
    QHash<QByteArray, QString> m_namespaces;
};

NameTable &nameTable()
{
    thread_local NameTable table;
    return table;
}

// A byte order mark or a zero byte in the first two: expat reads the document as UTF-16.
bool looksLikeUtf16(const QByteArray &input)
{
    return input.size() >= 2
        && (input.startsWith("\xff\xfe") || input.startsWith("\xfe\xff") || input.at(0) == 0
            || input.at(1) == 0);
}

const char *find(const char *from, const char *to, char c)
{
    return static_cast<const char *>(std::memchr(from, c, size_t(to - from)));
}

// Indentation between elements is whitespace-only: dropping it saves an allocation per element, and every
// consumer trims text anyway. XML whitespace is ASCII, so the UTF-8 bytes can be tested directly.
bool isXmlWhitespace(const std::string &text)
{
    return std::all_of(
        text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

// Expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself. Any other encoding a document declares
// (windows-1252, ISO-8859-15, Shift_JIS...) is noted here and the parse refused, so that parse() can decode
// the document with Qt's decoder and read it again as UTF-8.
int XMLCALL refuseUnknownEncoding(void *declared, const XML_Char *name, XML_Encoding *)
{
    *static_cast<QByteArray *>(declared) = QByteArray(name);
    return XML_STATUS_ERROR;
}

// Builds the element table from expat's callbacks and stops the parser at the first thing it refuses.
class TreeBuilder
{
public:
    TreeBuilder(XML_Parser parser, const QByteArray &input, const XmlLimits &limits,
        std::vector<XmlElement> &elements)
        : m_parser(parser)
        , m_input(input)
        , m_limits(limits)
        , m_elements(elements)
        , m_names(nameTable())
        , m_countLines(!looksLikeUtf16(input))
    {
        XML_SetUserData(parser, this);
        XML_SetElementHandler(parser, &TreeBuilder::onStart, &TreeBuilder::onEnd);
        XML_SetCharacterDataHandler(parser, &TreeBuilder::onText);
        XML_SetCdataSectionHandler(parser, &TreeBuilder::onCdataStart, &TreeBuilder::onCdataEnd);
        XML_SetCommentHandler(parser, &TreeBuilder::onComment);
        XML_SetProcessingInstructionHandler(parser, &TreeBuilder::onProcessingInstruction);
        // Entity declarations are where XXE and entity-expansion attacks live; invoices never need them.
        // The document is refused when its DOCTYPE starts, before any declaration is read. No external
        // entity handler is ever installed and parameter entities are never parsed.
        XML_SetStartDoctypeDeclHandler(parser, &TreeBuilder::onDoctype);
        XML_SetXmlDeclHandler(parser, &TreeBuilder::onXmlDeclaration);
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER);
        XML_SetUnknownEncodingHandler(parser, &refuseUnknownEncoding, &m_unknownEncoding);
    }

    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    const QByteArray &unknownEncoding() const { return m_unknownEncoding; }

    // Children lists are filled once the tree is read, each allocated at its final size instead of
    // regrowing while the parse appends (most of an invoice's allocations were these regrowths).
    void linkChildren()
    {
        std::vector<int> counts(m_elements.size(), 0);
        for (const XmlElement &e : m_elements) {
            if (e.parent >= 0)
                ++counts[size_t(e.parent)];
        }
        for (size_t i = 0; i < m_elements.size(); ++i) {
            if (counts[i] > 0)
                m_elements[i].children.reserve(size_t(counts[i]));
        }
        for (size_t i = 0; i < m_elements.size(); ++i) {
            if (m_elements[i].parent >= 0)
                m_elements[size_t(m_elements[i].parent)].children.push_back(int(i));
        }
    }

    // Expat finds a line number by walking every byte since the previous query, which cost a tenth of the
    // parse when asked at each element; one pass counting line ends over the input is several times
    // cheaper. Line ends as expat counts them: LF, CR LF and a lone CR. (UTF-16 input asks expat instead.)
    void assignLines()
    {
        if (!m_countLines)
            return;
        const char *const begin = m_input.constData();
        const char *const end = begin + m_input.size();
        const char *from = begin;
        int line = 1;
        for (size_t i = 0; i < m_offsets.size() && i < m_elements.size(); ++i) {
            const char *to = begin + std::clamp<XML_Index>(m_offsets[i], from - begin, m_input.size());
            // memchr runs vectorised; lines are a few dozen bytes long.
            for (const char *lf = find(from, to, '\n'); lf; lf = find(lf + 1, to, '\n'))
                ++line;
            for (const char *cr = find(from, to, '\r'); cr; cr = find(cr + 1, to, '\r')) {
                if (cr + 1 == end || cr[1] != '\n')
                    ++line;
            }
            m_elements[i].line = line;
            from = to;
        }
    }

private:
    static TreeBuilder &self(void *userData) { return *static_cast<TreeBuilder *>(userData); }

    qulonglong line() const { return qulonglong(XML_GetCurrentLineNumber(m_parser)); }

    void fail(const QString &message)
    {
        if (failed())
            return;
        m_error = message;
        XML_StopParser(m_parser, XML_FALSE);
    }

    // Character data arrives in pieces (split at entity references and line ends); a run is everything
    // between two pieces of markup, and whitespace-only runs outside CDATA are dropped as a whole.
    void flushText()
    {
        if (m_text.empty())
            return;
        if (!m_stack.empty() && (m_cdata || m_textReferences || !isXmlWhitespace(m_text)))
            m_elements[size_t(m_stack.back())].text
                += QString::fromUtf8(m_text.data(), qsizetype(m_text.size()));
        m_text.clear();
        m_textReferences = false;
    }

    static void XMLCALL onStart(void *userData, const XML_Char *name, const XML_Char **attributes)
    {
        TreeBuilder &b = self(userData);
        if (b.failed())
            return;
        b.flushText();
        if (int(b.m_stack.size()) >= b.m_limits.maxDepth)
            return b.fail(u"line %1: elements are nested deeper than the limit of %2"_s.arg(b.line()).arg(
                b.m_limits.maxDepth));
        if (qsizetype(b.m_elements.size()) >= b.m_limits.maxElements)
            return b.fail(u"the document has more than %1 elements"_s.arg(b.m_limits.maxElements));
        const int index = int(b.m_elements.size());
        const int parent = b.m_stack.empty() ? -1 : b.m_stack.back();
        if (parent < 0 && index != 0)
            return b.fail(u"line %1: more than one root element"_s.arg(b.line()));
        XmlElement &e = b.m_elements.emplace_back();
        const ExpandedName &expanded = b.m_names.lookup(name);
        e.ns = expanded.ns;
        e.name = expanded.local;
        e.parent = parent;
        if (b.m_countLines)
            b.m_offsets.push_back(XML_GetCurrentByteIndex(b.m_parser));
        else
            e.line = int(b.line());
        if (attributes[0]) {
            int count = 0;
            while (attributes[2 * count])
                ++count;
            e.attributes.reserve(count);
            // Invoice attributes are unqualified; a qualified one (xsi:schemaLocation) keeps its local name.
            for (int i = 0; i < count; ++i)
                e.attributes.append(
                    { b.m_names.lookup(attributes[2 * i]).local, QString::fromUtf8(attributes[2 * i + 1]) });
        }
        b.m_stack.push_back(index);
    }

    static void XMLCALL onEnd(void *userData, const XML_Char *)
    {
        TreeBuilder &b = self(userData);
        if (b.failed() || b.m_stack.empty())
            return;
        b.flushText();
        b.m_stack.pop_back();
    }

    static void XMLCALL onText(void *userData, const XML_Char *text, int length)
    {
        TreeBuilder &b = self(userData);
        if (b.failed())
            return;
        b.m_text.append(text, size_t(length));
        // A run holding a character or entity reference (&#32;) is text even when it decodes to
        // whitespace only, as QXmlStreamReader had it.
        const XML_Index at = XML_GetCurrentByteIndex(b.m_parser);
        if (!b.m_textReferences && at >= 0 && at < b.m_input.size()) {
            const char first = b.m_input.at(at);
            b.m_textReferences
                = first == '&' || (first == 0 && at + 1 < b.m_input.size() && b.m_input.at(at + 1) == '&');
        }
    }

    static void XMLCALL onCdataStart(void *userData)
    {
        TreeBuilder &b = self(userData);
        b.flushText();
        b.m_cdata = true;
    }

    static void XMLCALL onCdataEnd(void *userData)
    {
        TreeBuilder &b = self(userData);
        b.flushText();
        b.m_cdata = false;
    }

    static void XMLCALL onComment(void *userData, const XML_Char *) { self(userData).flushText(); }

    static void XMLCALL onProcessingInstruction(void *userData, const XML_Char *, const XML_Char *)
    {
        self(userData).flushText();
    }

    // Expat reads an XML 1.1 document as 1.0; QXmlStreamReader refused it, and invoices are XML 1.0.
    static void XMLCALL onXmlDeclaration(void *userData, const XML_Char *version, const XML_Char *, int)
    {
        TreeBuilder &b = self(userData);
        if (version && std::strcmp(version, "1.0") != 0)
            b.fail(u"line %1: XML version '%2' is not supported; invoices are XML 1.0"_s.arg(b.line()).arg(
                QString::fromUtf8(version).left(20)));
    }

    static void XMLCALL onDoctype(void *userData, const XML_Char *, const XML_Char *, const XML_Char *, int)
    {
        TreeBuilder &b = self(userData);
        b.fail(u"line %1: a document type declaration (DTD) is not allowed in an invoice"_s.arg(b.line()));
    }

    XML_Parser m_parser;
    const QByteArray &m_input;
    const XmlLimits &m_limits;
    std::vector<XmlElement> &m_elements;
    NameTable &m_names;
    const bool m_countLines;
    std::vector<XML_Index> m_offsets; // byte offset of each start tag, for assignLines()
    std::vector<int> m_stack;
    std::string m_text;
    bool m_cdata = false;
    bool m_textReferences = false;
    QString m_error;
    QByteArray m_unknownEncoding;
};

// Owns an expat parser for the length of one parse.
struct ParserDeleter
{
    void operator()(XML_ParserStruct *parser) const { XML_ParserFree(parser); }
};

using ParserPointer = std::unique_ptr<XML_ParserStruct, ParserDeleter>;

// Creating and freeing an expat parser per document cost more than a twentieth of a CII invoice's parse
// (its pools, hash tables and buffers were allocated and freed each time); XML_ParserReset keeps that
// memory and clears everything else (handlers, namespace bindings, state). One parser per thread, kept only
// after documents of ordinary size, so that a huge one does not leave its buffers behind.
class ParserLease
{
public:
    explicit ParserLease(const XML_Char *encoding, qsizetype documentSize)
        : m_keep(documentSize <= KeepBelowBytes)
    {
        ParserPointer &cached = cachedParser();
        if (cached && XML_ParserReset(cached.get(), encoding))
            m_parser = std::move(cached);
        else
            m_parser.reset(XML_ParserCreateNS(encoding, NsSeparator));
    }
    ~ParserLease()
    {
        if (m_keep && m_parser)
            cachedParser() = std::move(m_parser);
    }
    ParserLease(const ParserLease &) = delete;
    ParserLease &operator=(const ParserLease &) = delete;

    XML_Parser get() const { return m_parser.get(); }

private:
    static constexpr qsizetype KeepBelowBytes = 1024 * 1024;

    static ParserPointer &cachedParser()
    {
        thread_local ParserPointer parser;
        return parser;
    }

    bool m_keep;
    ParserPointer m_parser;
};

// Reads `bytes` into `elements`. `encoding` overrides the document's declaration (nullptr: honour it).
// On an encoding expat does not know, returns no error and sets `unknownEncoding` instead.
std::optional<QString> buildTree(const QByteArray &bytes, const XmlLimits &limits, const XML_Char *encoding,
    std::vector<XmlElement> &elements, QByteArray &unknownEncoding)
{
    const ParserLease parser(encoding, bytes.size());
    if (!parser.get())
        return u"the XML parser could not be created"_s;
    // Invoices run at roughly one element per 40-80 bytes; reserving avoids most regrowth of the table.
    elements.clear();
    elements.reserve(size_t(std::min<qsizetype>(bytes.size() / 48, limits.maxElements)) + 16);
    TreeBuilder builder(parser.get(), bytes, limits, elements);
    // XML_Parse takes an int length; feeding in slices keeps larger limits correct.
    constexpr qsizetype Slice = INT_MAX / 2;
    qsizetype offset = 0;
    XML_Status status = XML_STATUS_OK;
    do {
        const qsizetype length = std::min(bytes.size() - offset, Slice);
        const bool last = offset + length >= bytes.size();
        status
            = XML_Parse(parser.get(), bytes.constData() + offset, int(length), last ? XML_TRUE : XML_FALSE);
        offset += length;
    } while (status == XML_STATUS_OK && offset < bytes.size());
    if (builder.failed())
        return builder.error();
    if (status != XML_STATUS_OK && !builder.unknownEncoding().isEmpty()) {
        unknownEncoding = builder.unknownEncoding();
        return std::nullopt;
    }
    if (status != XML_STATUS_OK) // expat counts columns from 0; people and editors from 1
        return u"line %1, column %2: the XML is not well-formed: %3"_s.arg(
            QString::number(XML_GetCurrentLineNumber(parser.get())),
            QString::number(XML_GetCurrentColumnNumber(parser.get()) + 1),
            QString::fromUtf8(XML_ErrorString(XML_GetErrorCode(parser.get()))));
    if (elements.empty())
        return u"the document has no root element"_s;
    builder.linkChildren();
    builder.assignLines();
    return std::nullopt;
}

} // namespace

Result<XmlDocument> XmlDocument::parse(const QByteArray &bytes, const XmlLimits &limits)
{
    if (bytes.size() > limits.maxBytes)
        return malformed(u"the document is %1 bytes, more than the limit of %2 bytes"_s.arg(bytes.size())
                             .arg(limits.maxBytes));
    XmlDocument doc;
    QByteArray unknownEncoding;
    if (const std::optional<QString> error
        = buildTree(bytes, limits, nullptr, doc.m_elements, unknownEncoding))
        return malformed(*error);
    if (unknownEncoding.isEmpty())
        return doc;
    // A declared encoding expat lacks: decode with Qt (as QXmlStreamReader did) and read the result as UTF-8.
    QStringDecoder decoder(unknownEncoding.constData());
    if (!decoder.isValid())
        return malformed(u"line 1: the declared encoding '%1' is not supported"_s.arg(
            QString::fromLatin1(unknownEncoding.left(40))));
    const QString decoded = decoder.decode(bytes);
    if (decoder.hasError())
        return malformed(u"the XML is not well-formed: the content is not valid %1"_s.arg(
            QString::fromLatin1(unknownEncoding.left(40))));
    QByteArray unused;
    if (const std::optional<QString> error
        = buildTree(decoded.toUtf8(), limits, "UTF-8", doc.m_elements, unused))
        return malformed(*error);
    return doc;
}

int XmlDocument::child(int parent, QStringView ns, QStringView name) const
{
    if (parent < 0)
        return -1;
    for (int c : m_elements[size_t(parent)].children) {
        const XmlElement &e = m_elements[size_t(c)];
        if (e.name == name && e.ns == ns)
            return c;
    }
    return -1;
}

std::vector<int> XmlDocument::children(int parent, QStringView ns, QStringView name) const
{
    std::vector<int> result;
    if (parent < 0)
        return result;
    for (int c : m_elements[size_t(parent)].children) {
        const XmlElement &e = m_elements[size_t(c)];
        if (e.name == name && e.ns == ns)
            result.push_back(c);
    }
    return result;
}

QString XmlDocument::attribute(int index, const QString &name) const
{
    for (const auto &[key, value] : m_elements[size_t(index)].attributes) {
        if (key == name)
            return value;
    }
    return {};
}

bool XmlDocument::hasAttribute(int index, const QString &name) const
{
    for (const auto &attribute : m_elements[size_t(index)].attributes) {
        if (attribute.first == name)
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
    const std::vector<int> &children = m_elements[size_t(parent)].children;
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
