#pragma once

#include "EinvoiceValidator.h"
#include "XmlDocument.h"

#include <QList>
#include <QString>

namespace ades::eu {

// The UBL and CII syntax binding rules (UBL-CR/UBL-SR/UBL-DT, CII-SR/CII-DT) as data: each row of
// resources/einvoice/{ubl,cii}-syntax-rules.txt names a rule id, its flag, a check kind, the context the
// artefact evaluates it in and an XPath-like path relative to that context (format described at the top of
// the files). The tables are parsed once per process and shared read-only between threads.
//
// Semantics follow the Schematron pattern the artefact uses: for every element only the first context (in
// table order) that matches it is checked, and a failing rule yields one finding per context element.
class SyntaxBindingRules
{
public:
    enum class Syntax
    {
        Ubl,
        Cii,
    };

    static void check(const XmlDocument &doc, Syntax syntax, QList<Finding> &out);
    // The same engine over another table in the same format, resources/einvoice/<name> (the Factur-X
    // profile restrictions); parsed on first use. The table may also use "in-list FILE:LIST" rows
    // (ProfileCodeLists).
    static void checkTable(const XmlDocument &doc, const QString &name, QList<Finding> &out);
    static QStringList ruleIds(const QString &name);
    static QStringList tableErrors(const QString &name);

    // Rule ids in the table of a syntax, in table order (for tests and documentation).
    static QStringList ruleIds(Syntax syntax);
    // Problems found while reading a table (malformed rows are skipped and listed here); empty when the
    // shipped tables are sound.
    static QStringList tableErrors(Syntax syntax);
};

} // namespace ades::eu
