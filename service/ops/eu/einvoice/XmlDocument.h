#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringView>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

namespace ades::eu {

// Equality of element names and namespaces for the lookups every rule makes: the size check and a memcmp
// inline, where Qt's operator== calls into the library for each candidate (millions of calls per corpus
// pass); names interned by the parser often share their data, which settles it at once. An empty view
// may have no data at all, and memcmp on a null pointer is undefined even for zero bytes (UBSan). A rule's
// constant never shares the parser's data, so the last and first characters are compared before calling
// memcmp: most candidates of the same length differ there (names of one family share their start, such as
// Specified... or Applicable..., more often than their end).
Q_ALWAYS_INLINE bool sameText(QStringView a, QStringView b)
{
    if (a.size() != b.size())
        return false;
    if (a.data() == b.data() || a.isEmpty())
        return true;
    const qsizetype last = a.size() - 1;
    return a.data()[last] == b.data()[last] && a.data()[0] == b.data()[0]
        && std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(QChar)) == 0;
}

// One element of an XmlDocument: namespace URI, local name, attributes, its own text and its children
// (indices into the document's element table).
struct XmlElement
{
    QString ns;
    QString name;
    QString text; // concatenated character data directly inside this element
    QList<std::pair<QString, QString>> attributes; // local name -> value (invoice attributes are unqualified)
    int parent = -1;
    int firstChild = 0; // where the children start in the document's child index (XmlDocument::childrenOf)
    int childCount = 0;
    qsizetype offset
        = 0; // of the start tag in the document as UTF-8 (XmlDocument::line turns it into a line)
};

// Limits that keep a hostile document from consuming the process.
struct XmlLimits
{
    qsizetype maxBytes = 32 * 1024 * 1024;
    int maxDepth = 64;
    int maxElements = 1000000;
    int maxAttributes = 1000; // on one element (an invoice element has at most a handful)
};

// A namespace-aware element tree read with pugixml. Refuses any DTD without reading its declarations (so no
// entity expansion, no external entities: XXE and "billion laughs" never get to run) and enforces size,
// depth and element-count limits. Parse failures are returned as errors whose message names the line and
// the reason. Text keeps QXmlStreamReader's rules: whitespace-only runs between markup are dropped unless
// they are CDATA or come from a character reference.
class XmlDocument
{
public:
    static Result<XmlDocument> parse(const QByteArray &bytes, const XmlLimits &limits = {});

    int root() const { return m_elements.empty() ? -1 : 0; }
    const XmlElement &element(int index) const { return m_elements[size_t(index)]; }
    int elementCount() const { return int(m_elements.size()); }
    // The element's children in document order. One index array for the whole document instead of a
    // vector per parent: a CII invoice has a few hundred parents, each an allocation otherwise.
    // Line of the element's start tag (LF, CR LF and a lone CR each end a line). Nothing on the validation
    // path asks for it, so all lines are counted in one pass on the first call, not while parsing.
    int line(int index) const;
    std::span<const int> childrenOf(int index) const
    {
        const XmlElement &e = m_elements[size_t(index)];
        return { m_childIndex.data() + e.firstChild, size_t(e.childCount) };
    }

    // First child of `parent` with this namespace and local name, or -1.
    int child(int parent, QStringView ns, QStringView name) const;
    // All children of `parent` with this namespace and local name, in document order.
    std::vector<int> children(int parent, QStringView ns, QStringView name) const;
    QString attribute(int index, const QString &name) const;
    bool hasAttribute(int index, const QString &name) const;
    // XPath of an element with prefixes and positions, e.g. /Invoice/cac:InvoiceLine[2]/cbc:ID. Cached:
    // the mapping asks for the path of every term, and ancestors are shared.
    QString path(int index) const;

private:
    QString prefixOf(const QString &ns) const;
    void numberChildren(int parent) const;

    std::vector<XmlElement> m_elements;
    std::vector<int> m_childIndex;
    QByteArray m_text; // the document as UTF-8, shared with the caller's bytes when they were UTF-8
    mutable std::vector<int> m_lines;
    mutable std::vector<QString> m_paths;
    mutable std::vector<int> m_positions; // among same-named siblings; 0: the only one, -1: not yet known
    mutable std::vector<std::pair<QString, QString>> m_prefixes; // namespace -> conventional prefix
};

} // namespace ades::eu
