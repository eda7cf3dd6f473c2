#pragma once

#include "../XmlDocument.h"

#include <QHash>
#include <QString>
#include <QStringView>
#include <initializer_list>
#include <optional>
#include <vector>

namespace ades::eu {

// The XPath the Factur-X profile rules are written in, for the few forms they use, over a CII document:
// child paths, "//name" searches, string values and number(). The "//name" searches share one index of
// the document's elements by local name, built on the first search (one pass over the document).
class CiiQuery
{
public:
    struct Name
    {
        const QString *ns;
        QStringView local;
    };
    static Name rsm(QStringView local);
    static Name ram(QStringView local);
    static Name udt(QStringView local);

    explicit CiiQuery(const XmlDocument &doc)
        : m_doc(doc)
    { }

    const XmlDocument &doc() const { return m_doc; }
    bool is(int element, Name name) const;
    // Every element the child path selects from `from`, in document order (-1 for `from`: none).
    std::vector<int> select(int from, std::initializer_list<Name> path) const;
    bool exists(int from, std::initializer_list<Name> path) const { return !select(from, path).empty(); }
    // Every element with this name anywhere in the document ("//name"), in document order.
    std::vector<int> everywhere(Name name) const;
    // "//first/rest...": the path from every element named like its first step.
    std::vector<int> everywhere(std::initializer_list<Name> path) const;
    // The document element when it is rsm:CrossIndustryInvoice, else -1 (absolute paths then select nothing).
    int invoiceRoot() const;
    // The ancestor `levels` steps up ("../.."), or -1.
    int up(int element, int levels) const;

    // XPath string value: the text of the element and all its descendants.
    QString stringValue(int element) const;
    // XPath number() of the string value; empty when it is not a number (NaN).
    std::optional<double> number(int element) const;
    // True when some selected element's string value is not empty ("path != ''").
    bool anyNonEmpty(const std::vector<int> &elements) const;
    bool hasAttributeValue(int element, const QString &attribute, QStringView value) const;

private:
    const XmlDocument &m_doc;
    // Element indices by local name, in document order; the views point into the document's names.
    mutable QHash<QStringView, std::vector<int>> m_byName;
    mutable bool m_indexed = false;
};

} // namespace ades::eu
