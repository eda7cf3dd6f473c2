#include "RuleSupport.h"

#include "CodeList.h"

using namespace Qt::StringLiterals;

namespace ades::eu::rules {

const QSet<QString> &countryCodes()
{
    return CodeList::named(u"iso3166-alpha2"_s).codes();
}

const QSet<QString> &currencyCodes()
{
    return CodeList::named(u"iso4217"_s).codes();
}

const QSet<QString> &mimeCodes()
{
    return CodeList::named(u"mime-codes"_s).codes();
}

const QSet<QString> &vatCategoryCodes()
{
    return CodeList::named(u"uncl5305-vat-categories"_s).codes();
}

const QString CacNs = u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s;
const QString CbcNs = u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s;
const QString RamNs = u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s;
const QString UdtNs = u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s;

} // namespace ades::eu::rules
