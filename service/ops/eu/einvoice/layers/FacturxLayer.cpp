#include "FacturxLayer.h"

#include "../SyntaxBindingRules.h"
#include "FacturxBasicRules.h"
#include "FacturxExtendedRules.h"
#include "FacturxMinimumRules.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// The profile Schematrons as held in ZUGFeRD/mustangproject: MINIMUM at an earlier commit than the others.
const QString MinimumCommit = u"6d6fcf6779dec481ac4703ecae5f8e99f738511f"_s;
const QString ProfilesCommit = u"85a65937f4043810567cbe1d6a06427a19525913"_s;

QString schematronOf(const QString &profile, const QString &commit)
{
    return u"Factur-X 1.08 / ZUGFeRD 2.4 %1 profile Schematron (FeRD), as held at ZUGFeRD/mustangproject@%2"_s
        .arg(profile, commit);
}

} // namespace

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
    return std::make_unique<FacturxLayer>(u"facturx-MINIMUM"_s, schematronOf(u"MINIMUM"_s, MinimumCommit),
        u"facturx-minimum-rules.txt"_s, &FacturxMinimumRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::basic()
{
    return std::make_unique<FacturxLayer>(u"facturx-BASIC"_s, schematronOf(u"BASIC"_s, ProfilesCommit),
        u"facturx-basic-rules.txt"_s, &FacturxBasicRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::en16931()
{
    return std::make_unique<FacturxLayer>(u"facturx-EN16931"_s, schematronOf(u"EN16931"_s, ProfilesCommit),
        u"facturx-en16931-rules.txt"_s, &FacturxEn16931Rules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::basicWl()
{
    return std::make_unique<FacturxLayer>(u"facturx-BASIC-WL"_s, schematronOf(u"BASIC WL"_s, ProfilesCommit),
        u"facturx-basicwl-rules.txt"_s, &FacturxBasicWlRules::check);
}

std::unique_ptr<RuleLayer> FacturxLayer::extended()
{
    return std::make_unique<FacturxLayer>(u"facturx-EXTENDED"_s, schematronOf(u"EXTENDED"_s, ProfilesCommit),
        u"facturx-extended-rules.txt"_s, &FacturxExtendedRules::check);
}

} // namespace ades::eu
