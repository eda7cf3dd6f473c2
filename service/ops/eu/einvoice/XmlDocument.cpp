#include "XmlDocument.h"

#include <QHash>
#include <QXmlStreamReader>
#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace ades::eu {

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

} // namespace

Result<XmlDocument> XmlDocument::parse(const QByteArray &bytes, const XmlLimits &limits)
{
    if (bytes.size() > limits.maxBytes)
        return malformed(u"the document is %1 bytes, more than the limit of %2 bytes"_s.arg(bytes.size())
                             .arg(limits.maxBytes));
    XmlDocument doc;
    QMultiHash<size_t, QString> interned;
    // A small direct-mapped cache in front of the hash: most names recur, and comparing against one
    // candidate chosen by length and end characters is much cheaper than hashing the whole name.
    std::array<QString, 128> recent;
    auto intern = [&interned, &recent](QStringView text) -> QString {
        if (text.isEmpty())
            return QString();
        const size_t slot = (size_t(text.size()) * 31u + text.front().unicode() * 7u + text.back().unicode())
            % recent.size();
        if (recent[slot] == text)
            return recent[slot];
        const size_t h = qHash(text);
        for (auto it = interned.constFind(h); it != interned.cend() && it.key() == h; ++it) {
            if (it.value() == text)
                return recent[slot] = it.value();
        }
        return recent[slot] = interned.insert(h, text.toString()).value();
    };
    QXmlStreamReader reader(bytes);
    std::vector<int> stack;
    QString lastNs;
    // Invoices run at roughly one element per 40-80 bytes; reserving avoids most regrowth of the table.
    doc.m_elements.reserve(size_t(std::min<qsizetype>(bytes.size() / 48, limits.maxElements)) + 16);
    while (!reader.atEnd()) {
        const QXmlStreamReader::TokenType token = reader.readNext();
        switch (token) {
        case QXmlStreamReader::DTD:
            // Entity declarations are where XXE and entity-expansion attacks live; invoices never need them.
            return malformed(u"line %1: a document type declaration (DTD) is not allowed in an invoice"_s.arg(
                reader.lineNumber()));
        case QXmlStreamReader::EntityReference:
            return malformed(u"line %1: entity reference '%2' is not allowed in an invoice"_s.arg(
                QString::number(reader.lineNumber()), reader.name().toString()));
        case QXmlStreamReader::StartElement: {
            if (int(stack.size()) >= limits.maxDepth)
                return malformed(
                    u"line %1: elements are nested deeper than the limit of %2"_s.arg(reader.lineNumber())
                        .arg(limits.maxDepth));
            if (doc.elementCount() >= limits.maxElements)
                return malformed(u"the document has more than %1 elements"_s.arg(limits.maxElements));
            XmlElement e;
            // Interned: an invoice uses a handful of namespaces and a few hundred names, so sharing the
            // strings saves an allocation per element.
            // Consecutive elements nearly always share their namespace: compare before hashing.
            const QStringView ns = reader.namespaceUri();
            if (ns != lastNs)
                lastNs = intern(ns);
            e.ns = lastNs;
            e.name = intern(reader.name());
            e.line = int(reader.lineNumber());
            const QXmlStreamAttributes attributes = reader.attributes();
            e.attributes.reserve(attributes.size());
            for (const QXmlStreamAttribute &a : attributes)
                e.attributes.append({ intern(a.name()), a.value().toString() });
            e.parent = stack.empty() ? -1 : stack.back();
            const int index = doc.elementCount();
            if (e.parent >= 0)
                doc.m_elements[size_t(e.parent)].children.push_back(index);
            else if (index != 0)
                return malformed(u"line %1: more than one root element"_s.arg(reader.lineNumber()));
            doc.m_elements.push_back(std::move(e));
            stack.push_back(index);
            break;
        }
        case QXmlStreamReader::EndElement:
            stack.pop_back();
            break;
        case QXmlStreamReader::Characters:
            // Indentation between elements is whitespace-only: skipping it saves an allocation per element,
            // and every consumer trims text anyway.
            if (!stack.empty() && !reader.isWhitespace())
                doc.m_elements[size_t(stack.back())].text += reader.text();
            break;
        default:
            break;
        }
    }
    if (reader.hasError())
        return malformed(
            u"line %1, column %2: the XML is not well-formed: %3"_s.arg(QString::number(reader.lineNumber()),
                QString::number(reader.columnNumber()), reader.errorString()));
    if (doc.m_elements.empty())
        return malformed(u"the document has no root element"_s);
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
    if (m_paths.size() != m_elements.size())
        m_paths.assign(m_elements.size(), QString());
    QString &cached = m_paths[size_t(index)];
    if (!cached.isEmpty())
        return cached;
    const XmlElement &e = m_elements[size_t(index)];
    const QString prefix = prefixFor(e.ns);
    QString step = prefix.isEmpty() ? e.name : prefix + u':' + e.name;
    if (e.parent >= 0) {
        int position = 0;
        int same = 0;
        for (int sibling : m_elements[size_t(e.parent)].children) {
            const XmlElement &s = m_elements[size_t(sibling)];
            if (s.name == e.name && s.ns == e.ns) {
                ++same;
                if (sibling == index)
                    position = same;
            }
        }
        if (same > 1)
            step += u'[' + QString::number(position) + u']';
        cached = path(e.parent) + u'/' + step;
    } else {
        cached = u'/' + step;
    }
    return cached;
}

} // namespace ades::eu
