#pragma once

#include "../EinvoiceValidator.h"

#include <QList>

namespace ades::eu {

class XmlDocument;

// The rules of the Factur-X 1.08 / ZUGFeRD 2.4 EXTENDED profile Schematron outside its structure pattern.
// Those it states as BASIC and EN16931 do run through FacturxBasicRules::checkExtendedShared; this class
// adds the ones EXTENDED states its own way: the sums with a tolerance of one cent per amount summed
// (BR-FXEXT-CO-10…15, the category sums BR-FXEXT-xx-08, BR-FXEXT-S-09), the line subtypes (DETAIL, GROUP,
// parent lines: BR-FXEXT-06, -08, -11, -CO-04, -BR-22…27), the notes with a subject code, the VAT
// registrations of parties other than the seller, the item attribute codes and 205-format dates.
// Facts from ZUGFeRD/mustangproject@85a65937f4043810567cbe1d6a06427a19525913
// validator/src/main/resources/schematron/ZF_240/FACTUR-X_EXTENDED.sch.
class FacturxExtendedRules
{
public:
    static void check(const XmlDocument &doc, QList<Finding> &out);
};

} // namespace ades::eu
