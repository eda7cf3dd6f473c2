#pragma once

#include "RuleContext.h"
#include "XmlDocument.h"

namespace ades::eu {

// The code-list rules of EN 16931 (BR-CL-*), using CodeList: on the model for the terms both syntaxes
// bind alike, and on the document for the elements the artefact's code-list pattern names.
class CodeListRules : private RuleContext
{
public:
    using RuleContext::RuleContext;

    // On the model: BR-CL-04, -05, -06 (CII), -14 (CII), -17, -18.
    void check();

    // On the document: BR-CL-01, -03 (CII), -06 (UBL), -07, -08, -10, -11, -13, -14 (UBL), -15, -16, -19,
    // -20, -21, -22, -23, -24, -25, -26, plus BR-52.
    static void checkBindings(const XmlDocument &doc, bool ubl, QList<Finding> &out);

private:
    void code(
        const Term &t, const QSet<QString> &list, const QString &id, const QString &bt, const QString &what);
};

} // namespace ades::eu
