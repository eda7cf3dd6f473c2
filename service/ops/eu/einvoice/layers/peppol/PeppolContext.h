#pragma once

#include "../../Decimal.h"
#include "../../EinvoiceValidator.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringView>
#include <initializer_list>
#include <optional>
#include <vector>

namespace ades::eu {

class XmlDocument;
struct InvoiceModel;

// What every Peppol rule family shares: the document (the Peppol artefact states its rules over the XML, so
// the families walk the element tree rather than the EN 16931 model), the rule ids to run, the findings list
// and the document-wide values the artefact computes once (the seller's country in its several variants).
//
// Paths are written as "cac:Party" steps; the prefixes are the artefact's: cac, cbc (UBL), rsm, ram, udt
// (CII). A step list selects children in document order, like the XPath location path it stands for.
class PeppolContext
{
public:
    PeppolContext(
        const XmlDocument &doc, const InvoiceModel &model, QList<Finding> &out, const QSet<QString> *only);

    const XmlDocument &doc;
    const InvoiceModel &model;
    const bool ubl;
    const int root;

    // Whether the caller asked for this rule (all rules when no id set was given).
    bool wants(QStringView id) const;
    // One finding with the context element's XPath.
    void fail(const QString &id, int element, const QString &bt, const QString &message,
        Finding::Severity severity = Finding::Severity::Fatal);

    // Element navigation.
    bool is(int element, QStringView step) const;
    int first(int from, std::initializer_list<QStringView> steps) const;
    std::vector<int> all(int from, std::initializer_list<QStringView> steps) const;
    bool exists(int from, std::initializer_list<QStringView> steps) const { return first(from, steps) >= 0; }
    std::vector<int> childrenNamed(int parent, QStringView step) const;
    int parent(int element) const;
    // The seller's party (BG-4), the context national seller rules share: cac:Party under
    // cac:AccountingSupplierParty in UBL, ram:SellerTradeParty in CII.
    bool isSellerParty(int element) const;
    // The XPath string value: the element's text and that of its descendants; empty for -1.
    QString text(int element) const;
    QString attribute(int element, const QString &name) const;
    bool hasAttribute(int element, const QString &name) const;
    // normalize-space(): leading and trailing blanks cut, inner runs collapsed to one space.
    static QString normalized(QStringView text);
    // The same for a string, shared without a copy when it is already normalised (the usual case).
    static QString normalized(const QString &text);
    // normalize-space(text) = '': nothing but XML white space.
    static bool isBlank(QStringView text);
    // string(number(x)) != 'NaN': the xs:double lexical space (after trimming).
    static bool isNumber(QStringView text);
    // number(x) for the comparisons national rules make; NaN when not a number.
    static double number(QStringView text);
    // castable as xs:integer (after trimming).
    static bool isInteger(QStringView text);
    // xs:decimal(element): empty when the element is absent or its text is not a decimal (the artefact
    // stops with an error there; the rule is then not evaluated).
    std::optional<Decimal> decimal(int element) const;
    // xs:date(text) as a sortable yyyymmdd number; empty when the text is not castable as xs:date (a
    // time zone is accepted and ignored).
    static std::optional<qint64> date(QStringView text);

    // The artefact's $profile: the NN of a BT-23 that contains "urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0"
    // (its seventh ':'-separated token), "Unknown" when BT-23 is absent or not of that form.
    QString profile;

    // $supplierCountry of the artefact: the first two characters of the seller's VAT identifier, else of the
    // tax representative's, else the seller's country code, upper-cased and trimmed; "XX" when none.
    QString supplierCountry;
    // $customerCountry (UBL only): the buyer's VAT prefix, else country code; "XX" when none.
    QString customerCountry;
    // The seller's VAT prefix or country code without the tax representative step (Greek endpoint rule).
    QString accountingSupplierCountry;
    // The seller's and buyer's country codes (BT-40, BT-55) exactly as written (first of each).
    QString sellerCountryCode;
    QString buyerCountryCode;
    // BT-40 / BT-55 = "DE" after trimming and upper-casing (the German exceptions of R002 and P0112).
    bool sellerIsGerman = false;
    bool buyerIsGerman = false;

    // Namespaces by prefix.
    static const QString &namespaceOf(QStringView prefix);

private:
    void collect(
        int from, const QStringView *steps, qsizetype count, std::vector<int> &out, bool firstOnly) const;
    void appendText(int element, QString &out) const;

    QList<Finding> &m_out;
    const QSet<QString> *m_only;
};

} // namespace ades::eu
