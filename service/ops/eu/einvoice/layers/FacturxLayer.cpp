#include "FacturxLayer.h"

#include "../SyntaxBindingRules.h"
#include "FacturxBasicRules.h"
#include "FacturxExtendedRules.h"
#include "FacturxMinimumRules.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

FacturxLayer::FacturxLayer(QString name, QString artefact, QString table, Rules rules)
    : m_name(std::move(name))
    , m_artefact(std::move(artefact))
    , m_table(std::move(table))
    , m_rules(rules)
{ }

void FacturxLayer::check(const XmlDocument &document, const InvoiceModel &, QList<Finding> &out) const
{
    SyntaxBindingRules::checkTable(document, m_table, out);
    m_rules(document, out);
}

std::unique_ptr<RuleLayer> FacturxLayer::minimum()
{
    return std::make_unique<FacturxLayer>(u"facturx-MINIMUM"_s,
        u"Factur-X 1.08 / ZUGFeRD 2.4 MINIMUM profile Schematron (FeRD), as held at "
        "ZUGFeRD/mustangproject@6d6fcf6779dec481ac4703ecae5f8e99f738511f"_s,
        u"facturx-minimum-rules.txt"_s, &FacturxMinimumRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::basic()
{
    return std::make_unique<FacturxLayer>(u"facturx-BASIC"_s,
        u"Factur-X 1.08 / ZUGFeRD 2.4 BASIC profile Schematron (FeRD), as held at "
        "ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913"_s,
        u"facturx-basic-rules.txt"_s, &FacturxBasicRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::en16931()
{
    return std::make_unique<FacturxLayer>(u"facturx-EN16931"_s,
        u"Factur-X 1.08 / ZUGFeRD 2.4 EN16931 profile Schematron (FeRD), as held at "
        "ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913"_s,
        u"facturx-en16931-rules.txt"_s, &FacturxEn16931Rules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::basicWl()
{
    return std::make_unique<FacturxLayer>(u"facturx-BASIC-WL"_s,
        u"Factur-X 1.08 / ZUGFeRD 2.4 BASIC WL profile Schematron (FeRD), as held at "
        "ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913"_s,
        u"facturx-basicwl-rules.txt"_s, &FacturxBasicWlRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::extended()
{
    return std::make_unique<FacturxLayer>(u"facturx-EXTENDED"_s,
        u"Factur-X 1.08 / ZUGFeRD 2.4 EXTENDED profile Schematron (FeRD), as held at "
        "ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913"_s,
        u"facturx-extended-rules.txt"_s, &FacturxExtendedRules::check);
}

} // namespace ades::eu
