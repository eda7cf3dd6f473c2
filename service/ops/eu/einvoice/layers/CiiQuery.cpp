#include "CiiQuery.h"

#include "../RuleSupport.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QString RsmNs = u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s;

void appendText(const XmlDocument &doc, int element, QString &out)
{
    // Mixed content does not occur in invoices: the element's own text, then its children's in order.
    out += doc.element(element).text;
    for (int child : doc.childrenOf(element))
        appendText(doc, child, out);
}

} // namespace

CiiQuery::Name CiiQuery::rsm(QStringView local)
{
    return { &RsmNs, local };
}

CiiQuery::Name CiiQuery::ram(QStringView local)
{
    return { &rules::RamNs, local };
}

CiiQuery::Name CiiQuery::udt(QStringView local)
{
    return { &rules::UdtNs, local };
}

bool CiiQuery::is(int element, Name name) const
{
    const XmlElement &e = m_doc.element(element);
    return sameText(e.name, name.local) && sameText(e.ns, *name.ns);
}

std::vector<int> CiiQuery::select(int from, std::initializer_list<Name> path) const
{
    std::vector<int> current;
    if (from < 0)
        return current;
    current.push_back(from);
    for (const Name &step : path) {
        std::vector<int> next;
        for (int element : current) {
            for (int child : m_doc.childrenOf(element)) {
                if (is(child, step))
                    next.push_back(child);
            }
        }
        current.swap(next);
        if (current.empty())
            break;
    }
    return current;
}

std::vector<int> CiiQuery::everywhere(Name name) const
{
    if (!m_indexed) {
        for (int e = 0; e < m_doc.elementCount(); ++e)
            m_byName[QStringView(m_doc.element(e).name)].push_back(e);
        m_indexed = true;
    }
    std::vector<int> found;
    const auto it = m_byName.constFind(name.local);
    if (it == m_byName.constEnd())
        return found;
    found.reserve(it->size());
    for (int e : *it) {
        if (sameText(m_doc.element(e).ns, *name.ns))
            found.push_back(e);
    }
    return found;
}

std::vector<int> CiiQuery::everywhere(std::initializer_list<Name> path) const
{
    std::vector<int> found;
    if (path.size() == 0)
        return found;
    const Name first = *path.begin();
    for (int start : everywhere(first)) {
        std::vector<int> current { start };
        for (auto step = path.begin() + 1; step != path.end() && !current.empty(); ++step) {
            std::vector<int> next;
            for (int element : current) {
                for (int child : m_doc.childrenOf(element)) {
                    if (is(child, *step))
                        next.push_back(child);
                }
            }
            current.swap(next);
        }
        found.insert(found.end(), current.begin(), current.end());
    }
    return found;
}

int CiiQuery::invoiceRoot() const
{
    const int root = m_doc.root();
    return root >= 0 && is(root, rsm(u"CrossIndustryInvoice")) ? root : -1;
}

int CiiQuery::up(int element, int levels) const
{
    for (int i = 0; i < levels && element >= 0; ++i)
        element = m_doc.element(element).parent;
    return element;
}

QString CiiQuery::stringValue(int element) const
{
    QString value;
    appendText(m_doc, element, value);
    return value;
}

std::optional<double> CiiQuery::number(int element) const
{
    bool ok = false;
    const double value = stringValue(element).trimmed().toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return value;
}

bool CiiQuery::anyNonEmpty(const std::vector<int> &elements) const
{
    for (int e : elements) {
        if (!stringValue(e).isEmpty())
            return true;
    }
    return false;
}

bool CiiQuery::hasAttributeValue(int element, const QString &attribute, QStringView value) const
{
    return m_doc.hasAttribute(element, attribute) && m_doc.attribute(element, attribute) == value;
}

} // namespace ades::eu
