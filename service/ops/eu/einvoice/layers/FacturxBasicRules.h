#pragma once

#include "../EinvoiceValidator.h"

#include <QList>

namespace ades::eu {

class XmlDocument;

// The rules of the Factur-X 1.08 BASIC profile Schematron that restate EN 16931 rules under FX-SCH-A ids,
// each from the profile's own definition (where it differs from the CEN test, the profile's wins).
// Facts from ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913
// validator/src/main/resources/schematron/ZF_240/FACTUR-X_BASIC.sch. With the profile's structure pattern
// (facturx-basic-rules.txt) they make the facturx-BASIC layer (FacturxLayer::basic).
class FacturxBasicRules
{
public:
    static void check(const XmlDocument &doc, QList<Finding> &out);
    // The rules the EXTENDED profile (FACTUR-X_EXTENDED.sch, same repository and commit) states as BASIC and
    // EN16931 do; FacturxExtendedRules adds the ones it states its own way.
    static void checkExtendedShared(const XmlDocument &doc, QList<Finding> &out);
};

// The EN16931 profile ("Schema for Factur-X; 1.08; EN16931-COMPLIANT (FULLY)", same repository and commit,
// FACTUR-X_EN16931.sch) states every one of these rules alike and adds BR-51 (FX-SCH-A-000281) and BR-52
// (FX-SCH-A-000280). With facturx-en16931-rules.txt they make the facturx-EN16931 layer
// (FacturxLayer::en16931).
class FacturxEn16931Rules
{
public:
    static void check(const XmlDocument &doc, QList<Finding> &out);
};

// The BASIC WL profile ("Schema for Factur-X; 1.08; Accounting, BASIC without Lines", same repository and
// commit, FACTUR-X_BASIC-WL.sch): BASIC's rules on the document level, stated alike, without the rules on
// lines and the sums over them; plus its TaxTotalAmount currency variants (facturx-basicwl-codes.txt).
class FacturxBasicWlRules
{
public:
    static void check(const XmlDocument &doc, QList<Finding> &out);
};

} // namespace ades::eu
