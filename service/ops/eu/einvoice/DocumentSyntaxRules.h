#pragma once

#include "EinvoiceValidator.h"
#include "XmlDocument.h"

#include <QList>

namespace ades::eu {

// The UBL and CII syntax binding checks that look at the document rather than at the model and are still
// code (the table-driven ones are SyntaxBindingRules): BR-CL-03 (UBL), BR-CO-19/20, BR-54 and
// UBL-SR-19/20/21. Core rules on document nodes are CoreDocumentRules.
class DocumentSyntaxRules
{
public:
    static void checkUbl(const XmlDocument &doc, QList<Finding> &out);
    static void checkCii(const XmlDocument &doc, QList<Finding> &out);
};

} // namespace ades::eu
