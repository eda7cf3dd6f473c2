#pragma once

#include "../EinvoiceValidator.h"

#include <QList>

namespace ades::eu {

class XmlDocument;

// The rules of the Factur-X 1.08 MINIMUM profile Schematron that restate EN 16931 rules (each FX-SCH-A id
// quotes the BR rule it implements) and the few structure rules facturx-minimum-rules.txt cannot express.
// Each is implemented from the profile's own definition, which differs from the CEN one in places: BR-IC-08
// compares with a tolerance of one unit, BR-DEC-13 rounds in floating point, BR-01…BR-09 want a value.
// Facts from ZUGFeRD/mustangproject@6d6fcf6779dec481ac4703ecae5f8e99f738511f
// validator/src/main/resources/schematron/ZF_240/FACTUR-X_MINIMUM.sch.
class FacturxMinimumRules
{
public:
    static void check(const XmlDocument &doc, QList<Finding> &out);
};

} // namespace ades::eu
