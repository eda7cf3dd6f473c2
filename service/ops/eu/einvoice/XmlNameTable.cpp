#include "XmlNameTable.h"

using namespace Qt::StringLiterals;

namespace ades::eu::xml {

QString NameTable::knownNamespace(QByteArrayView uri)
{
    static const QString known[] = {
        u"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"_s,
        u"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"_s,
        u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s,
        u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s,
        u"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"_s,
        u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s,
        u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s,
        u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s,
        u"urn:un:unece:uncefact:data:standard:QualifiedDataType:100"_s,
    };
    for (const QString &ns : known) {
        if (ns.size() == uri.size() && QLatin1StringView(uri.data(), uri.size()) == ns)
            return ns;
    }
    return {};
}

NameTable &nameTable()
{
    thread_local NameTable table;
    return table;
}

} // namespace ades::eu::xml
