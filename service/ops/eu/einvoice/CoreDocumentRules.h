#pragma once

#include "EinvoiceValidator.h"
#include "XmlDocument.h"

#include <QList>

namespace ades::eu {

// EN 16931 core rules whose context in the CEN artefact is an element the model does not keep one to one
// (every payment account of a credit transfer, every card, every VAT identifier, every payee) or whose test
// reads elements anywhere in the document (Italian split payment): BR-17, BR-50, BR-51, BR-61 (CII),
// BR-62/63 (CII), BR-CO-03 (CII), BR-CO-09, BR-CO-19/20 (CII), BR-B-01 and BR-B-02. Each is checked on the
// nodes and with the comparison the artefact's definition names (docs/einvoice.md, "Rules").
class CoreDocumentRules
{
public:
    static void checkUbl(const XmlDocument &doc, QList<Finding> &out);
    static void checkCii(const XmlDocument &doc, QList<Finding> &out);
};

} // namespace ades::eu
