#include "TermPath.h"

#include "XmlDocument.h"

namespace ades::eu {

TermPath::TermPath(std::shared_ptr<const XmlDocument> document, int element)
    : m_document(std::move(document))
    , m_element(m_document ? element : -1)
{ }

QString TermPath::toString() const
{
    return m_element < 0 ? QString() : m_document->path(m_element);
}

} // namespace ades::eu
