// Fuzz target: the Factur-X profile rules over an outside CII document (the XML of a hybrid PDF or a bare
// upload whose BT-24 names a profile). Input: the XML bytes. Runs every profile rule family and structure
// table ADES holds, registered or not, so that a document no profile would accept still cannot crash or
// hang them (the rules walk the element tree with their own small XPath, CiiQuery).
//
// Seeds (seeds/FacturxLayers/): a minimal MINIMUM and a minimal BASIC invoice, as in TestFacturxLayer.

#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/XmlDocument.h"
#include "ops/eu/einvoice/layers/FacturxBasicRules.h"
#include "ops/eu/einvoice/layers/FacturxExtendedRules.h"
#include "ops/eu/einvoice/layers/FacturxMinimumRules.h"

#include <cstdint>

using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray xml(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::eu::XmlLimits limits;
    limits.maxBytes = 1024 * 1024;
    const ades::Result<ades::eu::XmlDocument> doc = ades::eu::XmlDocument::parse(xml, limits);
    if (!doc.ok())
        return 0;
    QList<ades::eu::Finding> findings;
    ades::eu::FacturxMinimumRules::check(doc.value(), findings);
    ades::eu::FacturxBasicRules::check(doc.value(), findings);
    ades::eu::FacturxEn16931Rules::check(doc.value(), findings);
    ades::eu::FacturxBasicWlRules::check(doc.value(), findings);
    ades::eu::FacturxExtendedRules::check(doc.value(), findings);
    for (const QString &table :
        { u"facturx-minimum-rules.txt"_s, u"facturx-basic-rules.txt"_s, u"facturx-en16931-rules.txt"_s,
            u"facturx-basicwl-rules.txt"_s, u"facturx-extended-rules.txt"_s })
        ades::eu::SyntaxBindingRules::checkTable(doc.value(), table, findings);
    return 0;
}
